import type { PreventivoElenco } from '../../shared/preventivi.js';
import { STATI_CLIENTE, ultimoGiornoValido } from '../../shared/preventivi-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { type Column, DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { PagineElenco, PerPagina } from '../components/Pagination';
import { PannelloFiltri } from '../components/PannelloFiltri';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFiltriUrl } from '../hooks/useFiltriUrl';
import { totaleDi, usePaginaElenco } from '../hooks/usePaginaElenco';
import { usePaging } from '../hooks/usePaging';
import { formatData, formatImporto, formatIntero } from '../lib/formato';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { CAMPI_FILTRI_PREVENTIVI, elencoQuery, type FiltriPreventivi } from './api';
import { EtichettaStato } from './EtichettaStato';
import { FiltriPreventivi as Filtri } from './FiltriPreventivi';
import './preventivi.css';

const COLONNE: Column<PreventivoElenco>[] = [
  {
    key: 'numero', header: 'Numero', className: 'codice strong nowrap',
    cell: (p) => <Collegamento to={paths.preventiviDettaglio.href({ id: p.id })}>{p.numero}</Collegamento>,
  },
  { key: 'richiesto', header: 'Richiesto il', className: 'nowrap', cell: (p) => formatData(p.created_at) },
  { key: 'stato', header: 'Stato', cell: (p) => <EtichettaStato testo={p.stato_cliente} stato={p.stato} /> },
  { key: 'versione', header: 'Versione', align: 'end', cell: (p) => p.versione || '—' },
  { key: 'valido', header: 'Valido fino al', className: 'nowrap', cell: (p) => (p.scade_at ? formatData(ultimoGiornoValido(p.scade_at).toISOString()) : '—') },
  { key: 'totale', header: 'Totale', align: 'end', className: 'nowrap', cell: (p) => (p.totale === null ? '—' : formatImporto(p.totale)) },
];

/**
 * /preventivi (issue 37, docs/regole/preventivi.md): the client's quotes, newest first, a page at a
 * time, filtered by state, number and period (kept in the address, so a reload or a link finds them).
 */
export function PreventiviPage() {
  useDocumentTitle('Preventivi');
  const { session } = useShopSession();
  const paging = usePaging();
  const { filtri, applica, attivi, quanti } = useFiltriUrl<FiltriPreventivi>(CAMPI_FILTRI_PREVENTIVI, { stato: STATI_CLIENTE });
  const pagina = usePaginaElenco(elencoQuery(session, filtri, paging.start, paging.limit), (d) => d.preventivi, totaleDi);
  const totale = pagina.conti;
  const codici = { azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice, utente_codice: session.utente_codice };
  return (
    <>
      <div className="page-head">
        <h1>Preventivi</h1>
        <Collegamento className="btn btn-primary" to={paths.preventiviRichiedi.path}>Richiedi preventivo</Collegamento>
      </div>
      <p className="page-sub" aria-live="polite">
        {totale === undefined ? '\u00a0' : `${totale === 1 ? '1 preventivo' : `${formatIntero(totale)} preventivi`}${attivi ? ' con i filtri scelti' : ''}`}
      </p>
      <section className="card" aria-label="Elenco preventivi">
        <div className="list-toolbar">
          <PannelloFiltri attivi={quanti}>
            {/* What Filtri applies passed preventivi/elenco's schema: its state is one of STATI_CLIENTE. */}
            <Filtri key={JSON.stringify(filtri)} filtri={filtri} applica={(f) => applica(f as FiltriPreventivi)} stati={STATI_CLIENTE} codici={codici} />
          </PannelloFiltri>
          <PerPagina paging={paging} label="Preventivi per pagina" />
        </div>
        <DataTable
          label="Preventivi"
          className="preventivi-tabella"
          query={pagina.righe}
          columns={COLONNE}
          empty={attivi
            ? 'Nessun preventivo con i filtri scelti.'
            : <EmptyState title="Nessun preventivo.">Dal carrello, «Richiedi preventivo» chiede al grossista un prezzo per i tuoi articoli.</EmptyState>}
          loadingLabel="Caricamento dei preventivi…"
          errorTitle="Impossibile leggere i preventivi"
        />
      </section>
      <PagineElenco
        paging={paging}
        pagine={totale === undefined ? 0 : Math.ceil(totale / paging.limit)}
        caricando={pagina.righe.isFetching}
        label="Pagine dei preventivi"
      />
    </>
  );
}
