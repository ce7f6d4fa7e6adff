import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Collegamento } from '../components/Collegamento';
import { ordine as ordineSchema, type Ordine, type RigaOrdine } from '../../shared/ordini.js';
import { scontiInPercentuale } from '../../shared/sconti.js';
import { CatenaOrdine } from '../documenti/CatenaOrdine';
import { EmptyState } from '../components/EmptyState';
import { useDialogs } from '../components/Modal';
import { BackButton } from '../components/BackButton';
import { type Column, DataTable } from '../components/DataTable';
import { Scheda } from '../components/Scheda';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { errorMessage } from '../lib/api';
import { formatDataLunga, formatDataOraOrdine, formatImporto, formatPrezzo, NON_PRESENTE } from '../lib/formato';
import { useShopSession } from '../session/shopSession';
import { AnteprimaRiordino } from './AnteprimaRiordino';
import { ordineQuery, scaricaPdfOrdine } from './api';
import { PageSpinner } from '../components/Spinner';
import { motivoOrdine, ordineOk, statoOrdine, tonoStato } from './stato';
import { usePermessi } from '../session/permessi';
import { useRiordina } from './useRiordina';
import { ApprovazioneOrdine } from '../approvazioni/ApprovazioneOrdine';
import './ordini.css';

/** The order passed in navigation state by /ordini, or null. */
function useOrdineFromState(): Ordine | null {
  const { state } = useLocation();
  const parsed = ordineSchema.safeParse((state as { ordine?: unknown } | null)?.ordine);
  return parsed.success ? parsed.data : null;
}

/**
 * /ordini/dettaglio (docs/regole/ordini.md#orders): one order, its lines and the reorder action. The
 * order travels in navigation state (shown at once) and its id in the address (?id=), so that a
 * reload or a bookmark finds it; either way it is read again (ordini/dettaglio).
 */
export function OrdineDettaglioPage() {
  const [params] = useSearchParams();
  const fromState = useOrdineFromState();
  const id = Number(params.get('id')) || fromState?.id || 0;
  const { session } = useShopSession();
  const query = useQuery({
    ...ordineQuery(session, id),
    enabled: id > 0,
    placeholderData: fromState?.id === id ? fromState : undefined,
  });
  const ordine = query.data;
  useDocumentTitle(ordine ? `Ordine #${ordine.id}` : 'Dettaglio Ordine');
  if (ordine) return <Dettaglio ordine={ordine} />;
  if (id > 0 && query.isPending) return <PageSpinner label="Caricamento dell'ordine…" />;
  return (
    <div className="card">
      <EmptyState
        title={id > 0 ? 'Ordine non trovato' : 'Nessun ordine selezionato'}
        action={<Collegamento className="btn btn-primary" to={paths.ordini.path}>Vai agli ordini</Collegamento>}
      >
        {id > 0 ? errorMessage(query.error) : "Il dettaglio si apre dall'elenco degli ordini, con la lente nella colonna Dettaglio."}
      </EmptyState>
    </div>
  );
}

const np = (v: string | null | undefined) => (v && v.trim() ? v : NON_PRESENTE);

function Dettaglio({ ordine }: { ordine: Ordine }) {
  const { riordina, busy } = useRiordina();
  const [anteprima, setAnteprima] = useState(false);
  // A held or decided order's reasons are on its approval's card below.
  const motivo = ordine.approvazione ? null : motivoOrdine(ordine);
  const { vedeDocumenti } = usePermessi();
  return (
    <>
      <div className="page-head">
        <h1>Dettaglio Ordine #{ordine.id}</h1>
        <div className="page-actions">
          <BackButton to={paths.ordini.path} storia />
          <ScaricaPdf id={ordine.id} />
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || ordine.prodotti.length === 0}
            aria-busy={busy}
            onClick={() => setAnteprima(true)}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.5M20 4v4.5h-4.5M20 12a8 8 0 0 1-13.7 5.6L4 15.5M4 20v-4.5h4.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {busy ? 'Riordino in corso…' : 'Riordina'}
          </button>
        </div>
      </div>

      <section className="card card-body ordine-info" aria-label="Dati dell'ordine">
        <dl className="ordine-kv">
          <div>
            <dt>Stato</dt>
            <dd>
              <span className={`status-pill status-dot${tonoStato(ordine)}`}>{statoOrdine(ordine)}</span>
              {motivo && <span className="stato-motivo">{motivo}</span>}
            </dd>
          </div>
          <div>
            <dt>Ordinato da</dt>
            <dd>{np(ordine.ordinato_da.nome)}</dd>
          </div>
          {ordine.inserito_da_agente && (
            <div>
              <dt>Inserito dall'agente</dt>
              <dd>{ordine.inserito_da_agente}</dd>
            </div>
          )}
          <div>
            <dt>Data Creazione</dt>
            <dd>
              <time dateTime={ordine.created_at} title={formatDataLunga(ordine.created_at)}>
                {formatDataOraOrdine(ordine.created_at) || NON_PRESENTE}
              </time>
            </dd>
          </div>
          <div>
            <dt>Nome</dt>
            <dd>{np(ordine.nome)}</dd>
          </div>
          <div>
            <dt>Riferimento cantiere</dt>
            <dd>{np(ordine.riferimento_cantiere)}</dd>
          </div>
          <div>
            <dt>Totale</dt>
            <dd className="strong">{formatImporto(ordine.totale_imponibile)}</dd>
          </div>
          {/* An order without notes shows no 'Note: Non Presente'. */}
          {ordine.note.trim() !== '' && (
            <div className="ordine-kv-wide">
              <dt>Note</dt>
              <dd className="ordine-note">{ordine.note}</dd>
            </div>
          )}
        </dl>
      </section>

      <ApprovazioneOrdine ordine={ordine} />

      <AnteprimaRiordino
        ordine={ordine}
        aperta={anteprima}
        chiudi={() => setAnteprima(false)}
        occupato={busy}
        conferma={() => {
          setAnteprima(false);
          void riordina(ordine);
        }}
      />

      {vedeDocumenti && <CatenaOrdine ordineId={ordine.id} />}

      <Scheda titolo="Prodotti" accanto={<span className="badge">{ordine.prodotti.length === 1 ? '1 riga' : `${ordine.prodotti.length} righe`}</span>}>
        <RigheTable ordine={ordine} />
      </Scheda>
    </>
  );
}

/** 'Scarica PDF': the order's confirmation as a PDF (ordini/pdf), saved as ordine-<id>.pdf. */
function ScaricaPdf({ id }: { id: number }) {
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const [scaricando, setScaricando] = useState(false);
  const scarica = async () => {
    setScaricando(true);
    try {
      await scaricaPdfOrdine(session, id);
    } catch (err) {
      await alert(`PDF non scaricato.\n${errorMessage(err)}`, { title: 'Scarica PDF' });
    } finally {
      setScaricando(false);
    }
  };
  return (
    <button type="button" className="btn" disabled={scaricando} aria-busy={scaricando} onClick={() => void scarica()}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {scaricando ? 'Download in corso…' : 'Scarica PDF'}
    </button>
  );
}

/**
 * A confirmed order at the amounts ordered, whatever the price display mode (docs/regole/catalogo.md#price-mode);
 * line totals and the total to the cent, as its PDF (docs/regole/generale.md#amounts).
 */
function RigheTable({ ordine }: { ordine: Ordine }) {
  const prezzo = (v: number | null | undefined) => (v === null || v === undefined ? NON_PRESENTE : formatPrezzo(v));
  // A person who may not see net prices gets the lines at list price (the server's answer): no chain, one price.
  const { vedePrezzi } = usePermessi();
  const colonne: Column<RigaOrdine>[] = [
    { key: 'codice', header: 'Codice', className: 'codice strong nowrap', cell: (r) => np(r.codice_prodotto) },
    { key: 'nome', header: 'Nome', cell: (r) => np(r.prodotto_nome) },
    { key: 'qt', header: 'Qt', align: 'end', cell: (r) => r.qt },
    // A refused order ships nothing: no 'In consegna 1' beside its refusal.
    ...(ordineOk(ordine) ? [
      { key: 'consegna', header: 'In consegna', align: 'end' as const, cell: (r: RigaOrdine) => r.qt_in_consegna },
      {
        key: 'arrivo', header: 'In arrivo dal fornitore', align: 'end' as const,
        cell: (r: RigaOrdine) => <span className={r.qt_in_arrivo > 0 ? 'ordine-in-arrivo' : undefined}>{r.qt_in_arrivo}</span>,
      },
    ] : []),
    ...(vedePrezzi ? [
      { key: 'prezzo', header: 'Prezzo', align: 'end' as const, className: 'nowrap', cell: (r: RigaOrdine) => prezzo(r.prezzo) },
      // How the net price was made when ordered (docs/regole/catalogo.md#net-price): Prezzo → Sconti → Prezzo netto.
      { key: 'sconti', header: 'Sconti', align: 'end' as const, className: 'nowrap', cell: (r: RigaOrdine) => scontiInPercentuale(r.sconti) || '—' },
      { key: 'netto', header: 'Prezzo netto', align: 'end' as const, className: 'nowrap', cell: (r: RigaOrdine) => prezzo(r.prezzo_reale) },
    ] : [
      { key: 'prezzo', header: 'Prezzo di listino', align: 'end' as const, className: 'nowrap', cell: (r: RigaOrdine) => prezzo(r.prezzo) },
    ]),
    { key: 'riga', header: 'Totale riga', align: 'end', className: 'nowrap strong', cell: (r) => formatImporto(r.importo) },
  ];
  return (
    <DataTable
      label={`Prodotti dell'ordine #${ordine.id}`}
      className="ordine-righe"
      schede="tablet"
      rows={ordine.prodotti.map((r, i) => ({ ...r, i }))}
      columns={colonne}
      rowKey={(r) => `${r.codice_prodotto}-${r.i}`}
      empty="Nessun prodotto in questo ordine."
      footer={(
        <tr>
          <th scope="row" colSpan={colonne.length - 1} className="num">Totale</th>
          <td className="num nowrap ordine-totale">{formatImporto(ordine.totale_imponibile)}</td>
        </tr>
      )}
    />
  );
}
