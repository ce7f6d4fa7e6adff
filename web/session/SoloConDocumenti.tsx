import type { ReactNode } from 'react';
import { MSG_PERMESSO } from '../../shared/organizzazione-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { usePermessi } from './permessi';

/**
 * The documents' and the credit line's pages for a person whose switch allows them
 * (docs/regole/organizzazione.md): their menu entries are hidden otherwise, and a page opened by
 * its address says why instead of calling what the server refuses (403).
 */
export function SoloConDocumenti({ titolo, children }: { titolo: string; children: ReactNode }) {
  const { vedeDocumenti } = usePermessi();
  if (vedeDocumenti) return children;
  return <NonAbilitato titolo={titolo} />;
}

function NonAbilitato({ titolo }: { titolo: string }) {
  useDocumentTitle(titolo);
  return (
    <>
      <div className="page-head">
        <h1>{titolo}</h1>
      </div>
      <div className="card">
        <EmptyState
          title={MSG_PERMESSO.documenti}
          action={<Collegamento className="btn btn-primary" to={paths.home2.path}>Torna alla home</Collegamento>}
        >
          Documenti, scadenze e fido sono visibili solo alle persone abilitate dal titolare della tua azienda.
        </EmptyState>
      </div>
    </>
  );
}
