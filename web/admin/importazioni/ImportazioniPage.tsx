import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { CaricaImport } from './CaricaImport';
import { StoricoImport } from './StoricoImport';
import { TokenApi } from './TokenApi';
import './importazioni.css';

/**
 * /admin/importazioni (tecnico only, routes.tsx: SoloTecnico; docs/import.md): a file from the
 * ERP's exports checked, then applied; the history of runs with their refused rows; the API tokens
 * of the ERP's pushes.
 */
export function ImportazioniPage() {
  useDocumentTitle('Importazioni');
  return (
    <>
      <div className="page-head">
        <h1>Importazioni</h1>
      </div>
      <p className="page-sub">
        Articoli, listini (anche Metel), giacenze, categorie, clienti, prezzi netti, sconti, codici cliente, fido, scadenze e
        documenti dai file del gestionale: CSV o XLSX, i documenti in uno ZIP con i file che nominano.
      </p>
      <div className="imp-pagina">
        <CaricaImport />
        <StoricoImport />
        <TokenApi />
      </div>
    </>
  );
}
