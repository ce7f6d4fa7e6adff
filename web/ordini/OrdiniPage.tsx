import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Ordine } from '../../shared/ordini.js';
import { displayPrice, formatEuro3, usePriceMode } from '../cart/priceMode';
import { SearchIcon } from '../components/icons';
import { QueryView } from '../components/QueryView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { ordiniQuery } from './api';
import { formatDataLunga, formatDataOra } from './format';
import { ordineOk, statoOrdine } from './stato';
import './ordini.css';

/** /ordini (SPEC §2 Orders): the user's orders for the session's client, newest first. */
export function OrdiniPage() {
  useDocumentTitle('Ordini');
  const { session } = useShopSession();
  const navigate = useNavigate();
  const query = useQuery(ordiniQuery(session));
  return (
    <>
      <div className="page-head">
        <h1>Ordini</h1>
        <button type="button" className="btn" onClick={() => void navigate(paths.home2.path)}>
          Indietro
        </button>
      </div>
      <p className="page-sub">
        {session.cliente_ragionesociale} <span className="mono">({session.cliente_codice})</span>
        {query.data && ` · ${query.data.ordini.length === 1 ? '1 ordine' : `${query.data.ordini.length} ordini`}`}
      </p>
      <section className="card" aria-label="Elenco ordini">
        <QueryView query={query} isEmpty={(d) => d.ordini.length === 0} empty="Non ci sono ordini." loadingLabel="Caricamento ordini…">
          {(d) => <OrdiniTable ordini={d.ordini} />}
        </QueryView>
      </section>
    </>
  );
}

function OrdiniTable({ ordini }: { ordini: Ordine[] }) {
  const navigate = useNavigate();
  const mode = usePriceMode();
  return (
    <div className="table-scroll">
      <table className="table ordini-table">
        <thead>
          <tr>
            <th scope="col">Ordine #ID</th>
            <th scope="col">Data Creazione</th>
            <th scope="col">Nome</th>
            <th scope="col" className="num">Totale</th>
            <th scope="col">Stato</th>
            <th scope="col" className="ordini-col-detail">Dettaglio</th>
          </tr>
        </thead>
        <tbody>
          {ordini.map((o) => {
            const totale = displayPrice(o.totale, mode);
            const stato = statoOrdine(o);
            return (
              <tr key={o.id}>
                <td className="mono strong">#{o.id}</td>
                <td className="nowrap">
                  <time dateTime={o.created_at} title={formatDataLunga(o.created_at)}>{formatDataOra(o.created_at)}</time>
                </td>
                <td className="ordini-nome">{o.nome || <span className="muted">—</span>}</td>
                <td className="num nowrap">{totale === null ? <span className="muted">—</span> : formatEuro3(totale)}</td>
                <td>
                  <span className={`status-dot${ordineOk(o) ? ' is-ok' : ''}`} title={stato}>
                    <span className="visually-hidden">{stato}</span>
                  </span>
                </td>
                <td className="ordini-col-detail">
                  <button
                    type="button"
                    className="btn btn-sm icon-btn"
                    aria-label={`Dettaglio ordine #${o.id}`}
                    title="Dettaglio"
                    onClick={() => void navigate(paths.ordiniDettaglio.path, { state: { ordine: o } })}
                  >
                    <SearchIcon />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
