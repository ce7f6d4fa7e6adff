import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Ordine } from '../../shared/ordini.js';
import { STATI_ORDINE } from '../../shared/ordini-costanti.js';
import { SearchIcon } from '../components/Icone';
import { BackButton } from '../components/BackButton';
import { PannelloFiltri } from '../components/PannelloFiltri';
import { type Column, DataTable } from '../components/DataTable';
import { PagineElenco, PerPagina } from '../components/Pagination';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFiltriUrl } from '../hooks/useFiltriUrl';
import { totaleDi, usePaginaElenco } from '../hooks/usePaginaElenco';
import { usePaging } from '../hooks/usePaging';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { CAMPI_FILTRI_ORDINI, type FiltriOrdini as Filtri, ordiniElencoQuery } from './api';
import { FiltriOrdini } from './FiltriOrdini';
import { formatDataLunga, formatDataOraOrdine, formatImporto, formatIntero } from '../lib/formato';
import { StatoOrdine } from './StatoOrdine';
import { leggiInviato, OrdineInviato } from './OrdineInviato';
import './ordini.css';

/**
 * /ordini (docs/regole/ordini.md#orders, #order-history): the orders of the session's client the
 * person sees (every one for a Titolare or Acquisti, with who placed it; their own otherwise), newest first, a page at a time, with the filters and the exports. Totals are the amounts
 * ordered, whatever the price display mode.
 */
export function OrdiniPage() {
  useDocumentTitle('Ordini');
  const { session } = useShopSession();
  const navigate = useNavigate();
  const paging = usePaging();
  const { filtri, applica, attivi, quanti } = useFiltriUrl<Filtri>(CAMPI_FILTRI_ORDINI, { stato: STATI_ORDINE });
  const pagina = usePaginaElenco(ordiniElencoQuery(session, filtri, paging.start, paging.limit), (d) => d.ordini, totaleDi);
  const totale = pagina.conti;
  const apri = (o: Ordine) => void navigate(paths.ordiniDettaglio.href({ id: o.id }), { state: { ordine: o } });
  // The order just confirmed (useConfermaOrdine): said once, then taken out of the history's
  // state, so that a reload or coming back does not say it again.
  const location = useLocation();
  const [inviato, setInviato] = useState(() => leggiInviato((location.state as { inviato?: unknown } | null)?.inviato));
  const statoInviato = (location.state as { inviato?: unknown } | null)?.inviato !== undefined;
  useEffect(() => {
    if (statoInviato) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [statoInviato, navigate, location.pathname, location.search]);
  const tutti = usePermessi().puo('tutti_gli_ordini');
  const columns: Column<Ordine>[] = [
    { key: 'id', header: 'Ordine #ID', className: 'codice strong', cell: (o) => `#${o.id}` },
    {
      key: 'data', header: 'Data Creazione', className: 'ordini-data',
      cell: (o) => <time dateTime={o.created_at} title={formatDataLunga(o.created_at)}>{formatDataOraOrdine(o.created_at)}</time>,
    },
    { key: 'nome', header: 'Nome', className: 'ordini-nome', cell: (o) => o.nome || <span className="muted">—</span> },
    {
      key: 'riferimento', header: 'Riferimento cantiere', className: 'ordini-nome',
      cell: (o) => o.riferimento_cantiere || <span className="muted">—</span>,
    },
    {
      key: 'totale', header: 'Totale', align: 'end', className: 'nowrap',
      // At the amount ordered, whatever the price display mode (docs/regole/catalogo.md#price-mode),
      // as its invoice and PDF total it: each line to the cent (docs/regole/generale.md#amounts).
      cell: (o) => formatImporto(o.totale_imponibile),
    },
    // Who placed it, for a person who sees every order of the client (docs/regole/organizzazione.md);
    // an order of a sales agent in the client's name says so (docs/regole/agenti.md#attribution).
    ...(tutti ? [{
      key: 'ordinato_da', header: 'Ordinato da', className: 'ordini-nome',
      cell: (o: Ordine) => (o.inserito_da_agente ? `Agente ${o.inserito_da_agente}` : o.ordinato_da.nome),
    }] : []),
    // The state in words beside its dot, and a refusal's reason under it: a touch screen shows no tooltip.
    { key: 'stato', header: 'Stato', className: 'ordini-stato', cell: (o) => <StatoOrdine ordine={o} motivo /> },
    {
      key: 'dettaglio', header: 'Dettaglio', align: 'center', className: 'ordini-col-detail',
      cell: (o) => (
        <button
          type="button"
          className="btn btn-sm icon-btn"
          aria-label={`Dettaglio ordine #${o.id}`}
          title="Dettaglio"
          onClick={() => apri(o)}
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
        {session.cliente_ragionesociale} <span className="codice">({session.cliente_codice})</span>
        <span aria-live="polite">
          {totale !== undefined && ` · ${totale === 1 ? '1 ordine' : `${formatIntero(totale)} ordini`}${attivi ? ' con i filtri scelti' : ''}`}
        </span>
      </p>
      {inviato && (
        <OrdineInviato
          inviato={inviato}
          ordine={pagina.righe.data?.find((o) => o.id === inviato.id)}
          apri={apri}
          chiudi={() => setInviato(null)}
        />
      )}
      <section className="card" aria-label="Elenco ordini">
        <div className="list-toolbar">
          <PannelloFiltri attivi={quanti}>
            <FiltriOrdini key={JSON.stringify(filtri)} filtri={filtri} applica={applica} />
          </PannelloFiltri>
          <PerPagina paging={paging} label="Ordini per pagina" />
        </div>
        <DataTable
          label="Ordini"
          className="ordini-table"
          schede="tablet"
          query={pagina.righe}
          columns={columns}
          empty={attivi ? 'Nessun ordine con i filtri scelti.' : 'Non ci sono ordini.'}
          loadingLabel="Caricamento ordini…"
        />
      </section>
      <PagineElenco
        paging={paging}
        pagine={totale === undefined ? 0 : Math.ceil(totale / paging.limit)}
        caricando={pagina.righe.isFetching}
        label="Pagine ordini"
      />
    </>
  );
}
