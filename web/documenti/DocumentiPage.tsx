import { useState } from 'react';
import { Collegamento } from '../components/Collegamento';
import type { Documento } from '../../shared/documenti.js';
import { ETICHETTE_TIPO_DOCUMENTO, MAX_DOCUMENTI_ZIP, SIGLE_TIPO_DOCUMENTO, TIPI_DOCUMENTO_ERP } from '../../shared/documenti-costanti.js';
import { BackButton } from '../components/BackButton';
import { PannelloFiltri } from '../components/PannelloFiltri';
import { type Column, DataTable } from '../components/DataTable';
import { useDialogs } from '../components/Modal';
import { PagineElenco, PerPagina } from '../components/Pagination';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFiltriUrl } from '../hooks/useFiltriUrl';
import { totaleDi, usePaginaElenco } from '../hooks/usePaginaElenco';
import { usePaging } from '../hooks/usePaging';
import { errorMessage } from '../lib/api';
import { formatIntero } from '../lib/formato';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { documentiQuery, type FiltriDocumenti as Filtri, scaricaZip, urlPdf } from './api';
import { FiltriDocumenti } from './FiltriDocumenti';
import { euro, giorno, nomeDocumento } from './formato';
import '../ordini/ordini.css';
import './documenti.css';
import { SoloConDocumenti } from '../session/SoloConDocumenti';

const CAMPI = ['tipo', 'dal', 'al', 'numero'] as const;

/**
 * /documenti (docs/regole/documenti.md#page): the client's delivery notes, invoices and credit
 * notes, newest first, with the filters; each opens (PDF in a new tab, the FatturaPA as a readable
 * page) and downloads, and the chosen ones download as one ZIP.
 */
export function DocumentiPage() {
  return <SoloConDocumenti titolo="Documenti"><DocumentiConsentita /></SoloConDocumenti>;
}

function DocumentiConsentita() {
  useDocumentTitle('Documenti');
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const paging = usePaging();
  const { filtri, applica, attivi, quanti } = useFiltriUrl<Filtri>(CAMPI, { tipo: TIPI_DOCUMENTO_ERP });
  const pagina = usePaginaElenco(documentiQuery(session, filtri, paging.start, paging.limit), (d) => d.documenti, totaleDi);
  const [scelti, setScelti] = useState<ReadonlySet<number>>(new Set());
  const [scaricando, setScaricando] = useState(false);
  const totale = pagina.conti;
  const scegli = (id: number, si: boolean) => setScelti((s) => {
    const n = new Set(s);
    if (si) n.add(id);
    else n.delete(id);
    return n;
  });
  const zip = async () => {
    setScaricando(true);
    try {
      await scaricaZip(session, [...scelti]);
    } catch (err) {
      await alert(`Download non riuscito.\n${errorMessage(err)}`, { title: 'Scarica ZIP' });
    } finally {
      setScaricando(false);
    }
  };
  const columns: Column<Documento>[] = [
    {
      key: 'scelta', header: <span className="visually-hidden">Scegli</span>, etichetta: '', className: 'documenti-col-scelta',
      cell: (d) => (
        // The label is the checkbox's 44 px target under a finger (web/shop/layout/tocco.css).
        <label className="tocco-scelta">
          <input
            type="checkbox"
            aria-label={`Scegli ${nomeDocumento(d)}`}
            checked={scelti.has(d.id)}
            onChange={(e) => scegli(d.id, e.target.checked)}
          />
        </label>
      ),
    },
    { key: 'tipo', header: 'Tipo', className: 'nowrap', cell: (d) => <abbr title={ETICHETTE_TIPO_DOCUMENTO[d.tipo]}>{SIGLE_TIPO_DOCUMENTO[d.tipo]}</abbr> },
    {
      key: 'numero', header: 'Numero', className: 'codice strong nowrap',
      // The number opens the PDF in a new tab.
      cell: (d) => <a href={urlPdf(session, d.id)} target="_blank" rel="noopener" aria-label={`Apri il PDF: ${nomeDocumento(d)}`}>{d.numero}</a>,
    },
    { key: 'data', header: 'Data', className: 'nowrap', cell: (d) => <time dateTime={d.data}>{giorno(d.data)}</time> },
    {
      key: 'ordini', header: 'Ordini', className: 'documenti-col-ordini',
      cell: (d) => (d.ordini.length === 0 ? <span className="muted">—</span> : d.ordini.map((o) => `#${o}`).join(', ')),
    },
    { key: 'imponibile', header: 'Imponibile', align: 'end', className: 'nowrap documenti-col-imponibile', cell: (d) => euro(d.imponibile) },
    { key: 'totale', header: 'Totale', align: 'end', className: 'nowrap strong', cell: (d) => euro(d.totale) },
  ];
  return (
    <>
      <div className="page-head">
        <h1>Documenti</h1>
        <BackButton to={paths.home2.path} />
      </div>
      <p className="page-sub">
        {session.cliente_ragionesociale} <span className="codice">({session.cliente_codice})</span>
        <span aria-live="polite">
          {totale !== undefined && ` · ${totale === 1 ? '1 documento' : `${formatIntero(totale)} documenti`}${attivi ? ' con i filtri scelti' : ''}`}
        </span>
      </p>
      <section className="card" aria-label="Elenco documenti">
        <div className="list-toolbar">
          <PannelloFiltri attivi={quanti}>
            <FiltriDocumenti key={JSON.stringify(filtri)} filtri={filtri} applica={applica} />
          </PannelloFiltri>
          <PerPagina paging={paging} label="Documenti per pagina" />
        </div>
        <div className="documenti-scelta" aria-live="polite">
          <span>{scelti.size === 0 ? 'Scegli i documenti da scaricare insieme.' : `${scelti.size === 1 ? '1 documento scelto' : `${scelti.size} documenti scelti`}`}</span>
          <button
            type="button"
            className="btn btn-primary"
            disabled={scelti.size === 0 || scelti.size > MAX_DOCUMENTI_ZIP || scaricando}
            aria-busy={scaricando}
            onClick={() => void zip()}
          >
            {scaricando ? 'Preparazione ZIP…' : 'Scarica ZIP'}
          </button>
          {scelti.size > 0 && <button type="button" className="btn" onClick={() => setScelti(new Set())}>Deseleziona</button>}
        </div>
        <DataTable
          label="Documenti"
          className="documenti-table"
          query={pagina.righe}
          columns={columns}
          empty={attivi ? 'Nessun documento con i filtri scelti.' : 'Non ci sono documenti.'}
          loadingLabel="Caricamento documenti…"
          actions={(d) => <AzioniDocumento documento={d} />}
        />
      </section>
      <PagineElenco
        paging={paging}
        pagine={totale === undefined ? 0 : Math.ceil(totale / paging.limit)}
        caricando={pagina.righe.isFetching}
        label="Pagine documenti"
      />
    </>
  );
}

/** The FatturaPA page when there is one, and the download (the number opens the PDF). */
function AzioniDocumento({ documento: d }: { documento: Documento }) {
  const { session } = useShopSession();
  return (
    <span className="documenti-azioni">
      {d.xml && (
        <Collegamento className="btn btn-sm" to={paths.documentiFattura.href({ id: d.id })} aria-label={`FatturaPA: ${nomeDocumento(d)}`}>
          FatturaPA
        </Collegamento>
      )}
      {d.tipo === 'DDT' && (
        <Collegamento className="btn btn-sm" to={paths.resiNuovo.href({ documento_id: d.id })} aria-label={`Richiedi reso: ${nomeDocumento(d)}`}>
          Richiedi reso
        </Collegamento>
      )}
      <a className="btn btn-sm" href={urlPdf(session, d.id, true)} download aria-label={`Scarica: ${nomeDocumento(d)}`}>Scarica</a>
    </span>
  );
}
