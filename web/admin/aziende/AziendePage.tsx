import { useQuery } from '@tanstack/react-query';
import type { Azienda } from '../../../shared/anagrafica.js';
import { type Column, DataTable } from '../../components/DataTable';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { aziendeQuery } from './api';

const columns: Column<Azienda>[] = [
  { key: 'codice', header: 'Codice', className: 'codice nowrap', cell: (a) => a.codice },
  { key: 'ragione_sociale', header: 'Ragione sociale', className: 'strong', cell: (a) => a.ragione_sociale },
];

/** /admin/aziende: every company, by code. */
export function AziendePage() {
  useDocumentTitle('Aziende');
  const query = useQuery({ ...aziendeQuery(), select: (d) => d.aziende });
  const n = query.data?.length;
  return (
    <>
      <div className="page-head">
        <h1>Aziende</h1>
      </div>
      <p className="page-sub">{n === undefined ? '\u00a0' : n === 1 ? '1 azienda' : `${n} aziende`}</p>
      <section className="card" aria-label="Elenco aziende" style={{ maxWidth: 760 }}>
        <DataTable
          label="Aziende"
          query={query}
          columns={columns}
          rowKey={(a) => a.codice}
          empty="Nessuna azienda disponibile."
          loadingLabel="Caricamento aziende…"
        />
      </section>
    </>
  );
}
