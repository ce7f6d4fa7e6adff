import { lazy, Suspense, useState } from 'react';
import { ScanIcon } from '../../components/Icone';
import type { ScansioneDialogProps } from './scansione/ScansioneDialog';
import { useHaFotocamera } from './scansione/useHaFotocamera';
import './pulsanteScansione.css';

// The dialog and its reader are their own chunks, fetched when the camera is opened.
const ScansioneDialog = lazy(() => import('./scansione/ScansioneDialog'));

/**
 * The camera button of the search bar and the quick order (docs/decisions/scansione-codici.md);
 * not shown on a device without a camera.
 */
export function PulsanteScansione({ onElenco }: Pick<ScansioneDialogProps, 'onElenco'>) {
  const haFotocamera = useHaFotocamera();
  const [aperto, setAperto] = useState(false);
  if (!haFotocamera) return null;
  return (
    <>
      <button
        type="button" className="btn btn-scansiona" aria-label="Scansiona codice a barre"
        title="Scansiona codice a barre" aria-haspopup="dialog" onClick={() => setAperto(true)}
      >
        <ScanIcon />
        <span className="btn-scansiona-testo">Scansiona</span>
      </button>
      {aperto && (
        <Suspense fallback={null}>
          <ScansioneDialog onClose={() => setAperto(false)} onElenco={onElenco} />
        </Suspense>
      )}
    </>
  );
}
