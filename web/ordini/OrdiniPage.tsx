import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Ordine } from '../../shared/ordini.js';
import { displayPrice, usePriceMode } from '../cart/priceMode';
import { SearchIcon } from '../components/Icone';
import { BackButton } from '../components/BackButton';
import { type Column, DataTable } from '../components/DataTable';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { ordiniQuery } from './api';
import { formatDataLunga, formatDataOraOrdine, formatEuro3 } from '../lib/formato';
import { ordineOk, statoOrdine } from './stato';
import './ordini.css';

/** /ordini (docs/regole/ordini.md#orders): the user's orders for the session's client, newest first. */
export function OrdiniPage() {
  useDocumentTitle('Ordini');
  const { session } = useShopSession();
  const navigate = useNavigate();
  const mode = usePriceMode();
  const query = useQuery({ ...ordiniQuery(session), select: (d) => d.ordini });
  const columns: Column<Ordine>[] = [
    { key: 'id', header: 'Ordine #ID', className: 'mono strong', cell: (o) => `#${o.id}` },
    {
      key: 'data', header: 'Data Creazione', className: 'nowrap',
      cell: (o) => <time dateTime={o.created_at} title={formatDataLunga(o.created_at)}>{formatDataOraOrdine(o.created_at)}</time>,
    },
    { key: 'nome', header: 'Nome', className: 'ordini-nome', cell: (o) => o.nome || <span className="muted">—</span> },
    {
      key: 'totale', header: 'Totale', align: 'end', className: 'nowrap',
      cell: (o) => {
        const totale = displayPrice(o.totale, mode);
        return totale === null ? <span className="muted">—</span> : formatEuro3(totale);
      },
    },
    {
      key: 'stato', header: 'Stato',
      cell: (o) => (
        <span className={`status-dot${ordineOk(o) ? ' is-ok' : ''}`} title={statoOrdine(o)}>
          <span className="visually-hidden">{statoOrdine(o)}</span>
        </span>
      ),
    },
    {
      key: 'dettaglio', header: 'Dettaglio', align: 'center', className: 'ordini-col-detail',
      cell: (o) => (
        <button
          type="button"
          className="btn btn-sm icon-btn"
          aria-label={`Dettaglio ordine #${o.id}`}
          title="Dettaglio"
          onClick={() => void navigate(paths.ordiniDettaglio.path, { state: { ordine: o } })}
        >
          <SearchIcon />
        </button>
      ),
    },
  ];
  return (
    <>
      <div className="page-head">
        <h1>Ordini</h1>
        <BackButton to={paths.home2.path} />
      </div>
      <p className="page-sub">
        {session.cliente_ragionesociale} <span className="mono">({session.cliente_codice})</span>
        {query.data && ` · ${query.data.length === 1 ? '1 ordine' : `${query.data.length} ordini`}`}
      </p>
      <section className="card" aria-label="Elenco ordini">
        <DataTable
          label="Ordini"
          className="ordini-table"
          query={query}
          columns={columns}
          rowKey={(o) => o.id}
          empty="Non ci sono ordini."
          loadingLabel="Caricamento ordini…"
        />
      </section>
    </>
  );
}
