import { useState } from 'react';
import { etichettaAzione, type Modifica } from '../../../shared/audit.js';
import { type Column, DataTable } from '../../components/DataTable';
import { PagineElenco } from '../../components/Pagination';
import { Scheda } from '../../components/Scheda';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePagingLocale } from '../../hooks/usePaging';
import { formatDataOra } from '../../lib/formato';
import { type Soggetto, storicoQuery } from './api';
import { dettagliTesto } from './storico';
import './storico.css';

/** Rows per page of the history: it closes a detail page, so a short page. */
const LIMIT = 10;
/** Months of a budget change listed before '… e altri N'. */
const RIGHE_MAX = 6;

function Dettagli({ modifica }: { modifica: Modifica }) {
  const [aperto, setAperto] = useState(false);
  const righe = dettagliTesto(modifica);
  if (righe.length === 0) return <span className="muted">—</span>;
  const visibili = aperto ? righe : righe.slice(0, RIGHE_MAX);
  return (
    <div className="storico-dettagli">
      <ul>
        {visibili.map((r, i) => <li key={i}>{r}</li>)}
      </ul>
      {righe.length > RIGHE_MAX && (
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={aperto} onClick={() => setAperto((a) => !a)}>
          {aperto ? 'Mostra meno' : `… e altri ${righe.length - RIGHE_MAX}`}
        </button>
      )}
    </div>
  );
}

const columns: Column<Modifica>[] = [
  {
    key: 'data', header: 'Data', className: 'nowrap',
    cell: (m) => <time dateTime={m.created_at}>{formatDataOra(m.created_at)}</time>,
  },
  { key: 'admin', header: 'Amministratore', cell: (m) => m.admin_username },
  { key: 'azione', header: 'Azione', className: 'strong', cell: (m) => etichettaAzione(m.azione) },
  { key: 'dettagli', header: 'Dettagli', className: 'storico-col-dettagli', cell: (m) => <Dettagli modifica={m} /> },
];

/**
 * 'Storico modifiche' of a client, a user or one record (a product, a category): every admin change
 * recorded for it, newest first, paged. A change to a user shows in the user's history and in each of its clients'.
 */
export function StoricoModifiche(soggetto: Soggetto) {
  const paging = usePagingLocale(LIMIT);
  const { righe, conti: totale = 0 } = usePaginaElenco(storicoQuery(soggetto, paging.start, LIMIT), (d) => d.modifiche, totaleDi);
  return (
    <Scheda titolo="Storico modifiche" className="storico" aDestra={righe.isSuccess && <span className="muted">{totale === 1 ? '1 modifica' : `${totale} modifiche`}</span>}>
      <DataTable
        label="Storico modifiche"
        className="storico-table"
        query={righe}
        columns={columns}
        empty="Nessuna modifica registrata."
        loadingLabel="Caricamento storico…"
      />
      <PagineElenco paging={paging} pagine={Math.ceil(totale / LIMIT)} caricando={righe.isFetching} label="Pagine storico modifiche" className="storico-paging" />
    </Scheda>
  );
}
