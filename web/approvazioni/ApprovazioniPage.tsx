import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { Approvazione } from '../../shared/approvazioni.js';
import { testoSuperamento } from '../../shared/approvazioni-costanti.js';
import type { Ordine } from '../../shared/ordini.js';
import { importoRiga } from '../../shared/importi.js';
import { EmptyState } from '../components/EmptyState';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { Modal, useDialogs } from '../components/Modal';
import { Pagination } from '../components/Pagination';
import { QueryView } from '../components/QueryView';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatData, formatDataOraOrdine, formatImporto, formatPrezzo } from '../lib/formato';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { elencoQuery, PAGINA_APPROVAZIONI, useDecisioni, useOrdineInApprovazione } from './api';
import './approvazioni.css';

/**
 * /approvazioni (docs/regole/organizzazione.md#limits-and-approvals): the orders of the client
 * waiting for the user's decision, for Titolare and Acquisti. An order opens with its lines, whose
 * quantities may be lowered or lines removed, then 'Approva' (the order's checks run on the
 * server: availability, packs, the credit line) or 'Rifiuta' with a reason.
 */
export function ApprovazioniPage() {
  useDocumentTitle('Approvazioni');
  const puo = usePermessi().puo('approvare');
  const titolo = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <div className="page-head">
        <h1 ref={titolo} tabIndex={-1}>Approvazioni</h1>
      </div>
      {puo ? <Elenco deciso={() => titolo.current?.focus()} /> : <EmptyState title="Il tuo ruolo non permette di approvare ordini." />}
    </>
  );
}

/** `deciso`: after a decision the order's card goes; the focus goes back to the page's title (and the page to its top). */
function Elenco({ deciso }: { deciso: () => void }) {
  const { session } = useShopSession();
  const [pagina, setPagina] = useState(1);
  const query = useQuery(elencoQuery(session, (pagina - 1) * PAGINA_APPROVAZIONI));
  const [aperto, setAperto] = useState<number | null>(null);
  return (
    <>
      <p className="muted approvazioni-intro">
        Ordini fatti da persone della tua azienda oltre i loro limiti di spesa, o inviati in approvazione: aprili per
        controllare le righe, ridurre le quantità o togliere righe, poi approva o rifiuta.
      </p>
      <QueryView
        query={query}
        loadingLabel="Caricamento degli ordini da approvare…"
        isEmpty={(d) => d.approvazioni.length === 0}
        empty={<EmptyState title="Nessun ordine da approvare.">Quando un ordine supera un limite, lo trovi qui.</EmptyState>}
      >
        {(d) => (
          <>
            <ul className="approvazioni-elenco" aria-label="Ordini da approvare">
              {d.approvazioni.map((a) => (
                <li key={a.ordine_id}>
                  <Scheda approvazione={a} aperta={aperto === a.ordine_id} apri={() => setAperto(aperto === a.ordine_id ? null : a.ordine_id)} chiudi={() => setAperto(null)} deciso={deciso} />
                </li>
              ))}
            </ul>
            {d.totale > PAGINA_APPROVAZIONI && (
              <Pagination currentPage={pagina} totalPages={Math.ceil(d.totale / PAGINA_APPROVAZIONI)} onPageChange={setPagina} label="Pagine degli ordini da approvare" />
            )}
          </>
        )}
      </QueryView>
    </>
  );
}

function Scheda({ approvazione: a, aperta, apri, chiudi, deciso }: {
  approvazione: Approvazione; aperta: boolean; apri: () => void; chiudi: () => void; deciso: () => void;
}) {
  const titoloId = useId();
  const dettaglioId = useId();
  return (
    <article className="card approvazione" aria-labelledby={titoloId}>
      <div className="approvazione-testa">
        <div className="approvazione-dati">
          <h2 id={titoloId} className="approvazione-titolo">Ordine #{a.ordine_id}{a.nome ? ` · ${a.nome}` : ''}</h2>
          <p className="approvazione-meta">
            <span>Da <strong>{a.richiedente.nome}</strong></span>
            <span>il <time dateTime={a.created_at}>{formatDataOraOrdine(a.created_at)}</time></span>
            <span>{a.righe_n === 1 ? '1 riga' : `${a.righe_n} righe`}</span>
            <span className="strong">{formatImporto(a.totale)} <span className="muted">IVA esclusa</span></span>
          </p>
          <ul className="approvazione-superamenti">
            {a.superamento.map((s) => <li key={s.limite}>{testoSuperamento(s)}</li>)}
          </ul>
          <p className="approvazione-scade muted">Scade il <time dateTime={a.scade_at}>{formatData(a.scade_at)}</time></p>
        </div>
        <button type="button" className="btn btn-sm" aria-expanded={aperta} aria-controls={dettaglioId} onClick={apri}>
          {aperta ? 'Chiudi' : 'Apri'}
        </button>
      </div>
      <div id={dettaglioId}>
        {aperta && <Dettaglio ordineId={a.ordine_id} chiudi={chiudi} deciso={deciso} />}
      </div>
    </article>
  );
}

/** The lines of a waiting order: quantities that may only be lowered (in whole packs), lines that may be removed. */
function Dettaglio({ ordineId, chiudi, deciso }: { ordineId: number; chiudi: () => void; deciso: () => void }) {
  const query = useOrdineInApprovazione(ordineId);
  return (
    <div className="approvazione-dettaglio">
      <QueryView query={query} loadingLabel="Caricamento delle righe…" errorTitle="Impossibile leggere l'ordine">
        {(d) => <Righe ordine={d.ordine} fatto={() => { chiudi(); deciso(); }} />}
      </QueryView>
    </div>
  );
}

function Righe({ ordine, fatto }: { ordine: Ordine; fatto: () => void }) {
  const { approva } = useDecisioni();
  const { alert } = useDialogs();
  const toast = useToast();
  // The quantity kept per line ('' while typing); a removed line is absent.
  const [qt, setQt] = useState<Record<string, string>>(() => Object.fromEntries(ordine.prodotti.map((r) => [r.codice_prodotto, String(r.qt)])));
  const [rifiuto, setRifiuto] = useState(false);
  const tenute = ordine.prodotti.filter((r) => qt[r.codice_prodotto] !== undefined);
  const numero = (c: string) => Number(qt[c]);
  const totale = tenute.reduce((t, r) => t + importoRiga(r.prezzo_reale, Number.isInteger(numero(r.codice_prodotto)) ? numero(r.codice_prodotto) : 0), 0);
  const cambiate = tenute.length !== ordine.prodotti.length || tenute.some((r) => numero(r.codice_prodotto) !== r.qt);

  const approvaOra = async () => {
    const righe = tenute.map((r) => ({ codice_prodotto: r.codice_prodotto, qt: numero(r.codice_prodotto) }));
    const sbagliata = righe.find((r) => !Number.isInteger(r.qt) || r.qt < 1);
    if (sbagliata) {
      await alert(`Quantità non valida per ${sbagliata.codice_prodotto}: togli la riga invece di metterla a zero.`);
      return;
    }
    try {
      const r = await approva.mutateAsync({ ordine_id: ordine.id, ...(cambiate ? { righe } : {}) });
      toast.success(r.msg);
      fatto();
    } catch (err) {
      await alert(errorMessage(err));
    }
  };

  return (
    <>
      {ordine.note.trim() !== '' && <p className="approvazione-note"><strong>Note:</strong> {ordine.note}</p>}
      <div className="approvazione-tabella-scroll">
        <table className="table approvazione-tabella">
          <caption className="visually-hidden">Righe dell'ordine #{ordine.id}</caption>
          <thead>
            <tr>
              <th scope="col">Prodotto</th>
              <th scope="col" className="num">Prezzo netto</th>
              <th scope="col" className="num">Quantità</th>
              <th scope="col" className="num">Importo</th>
              <th scope="col"><span className="visually-hidden">Azioni</span></th>
            </tr>
          </thead>
          <tbody>
            {tenute.length === 0 && (
              <tr><td colSpan={5} className="muted">Hai tolto tutte le righe: per non confermare nulla, rifiuta l'ordine.</td></tr>
            )}
            {tenute.map((r) => {
              const q = numero(r.codice_prodotto);
              return (
                <tr key={r.codice_prodotto}>
                  <td>
                    <span className="approvazione-codice">{r.codice_prodotto}</span> {r.prodotto_nome}
                  </td>
                  <td className="num">{formatPrezzo(r.prezzo_reale)}</td>
                  <td className="num">
                    <input
                      type="number"
                      className="input approvazione-qt"
                      inputMode="numeric"
                      aria-label={`Quantità di ${r.codice_prodotto} (al massimo ${r.qt})`}
                      min={r.minimo}
                      max={r.qt}
                      step={r.multiplo}
                      value={qt[r.codice_prodotto]}
                      onChange={(e) => setQt({ ...qt, [r.codice_prodotto]: e.target.value })}
                    />
                    {q !== r.qt && <span className="approvazione-era muted">era {r.qt}</span>}
                  </td>
                  <td className="num">{formatImporto(importoRiga(r.prezzo_reale, Number.isInteger(q) ? q : 0))}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      aria-label={`Togli la riga ${r.codice_prodotto}`}
                      onClick={() => setQt(Object.fromEntries(Object.entries(qt).filter(([c]) => c !== r.codice_prodotto)))}
                    >
                      Togli
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="approvazione-piede">
        <p className="approvazione-totale">
          {cambiate ? 'Totale dopo le modifiche' : 'Totale'}: <strong className="num">{formatImporto(totale)}</strong> <span className="muted">IVA esclusa</span>
        </p>
        <div className="approvazione-azioni">
          <button type="button" className="btn btn-danger-outline" disabled={approva.isPending} onClick={() => setRifiuto(true)}>
            Rifiuta…
          </button>
          <button type="button" className="btn btn-primary" disabled={approva.isPending || tenute.length === 0} aria-busy={approva.isPending} onClick={() => void approvaOra()}>
            {approva.isPending ? 'Approvazione…' : cambiate ? 'Approva con le modifiche' : 'Approva'}
          </button>
        </div>
      </div>
      <DialogoRifiuto ordineId={ordine.id} aperto={rifiuto} chiudi={() => setRifiuto(false)} fatto={fatto} />
    </>
  );
}

function DialogoRifiuto({ ordineId, aperto, chiudi, fatto }: { ordineId: number; aperto: boolean; chiudi: () => void; fatto: () => void }) {
  const { rifiuta } = useDecisioni();
  const toast = useToast();
  const modulo = useModulo(() => import('../../shared/approvazioni.js').then((m) => m.motivoRifiuto), { motivo: '' });
  const [errore, setErrore] = useState('');
  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      const r = await rifiuta.mutateAsync({ ordine_id: ordineId, motivo: esito.dati.motivo });
      toast.success(r.msg);
      chiudi();
      fatto();
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };
  return (
    <Modal
      open={aperto}
      onClose={chiudi}
      title={`Rifiuta l'ordine #${ordineId}`}
      footer={(
        <>
          <button type="button" className="btn" onClick={chiudi}>Annulla</button>
          <button type="button" className="btn btn-danger" disabled={rifiuta.isPending} aria-busy={rifiuta.isPending} onClick={() => void invia()}>
            Rifiuta l'ordine
          </button>
        </>
      )}
    >
      <p>Chi ha fatto l'ordine riceve una mail con il motivo e può rimettere le righe nel carrello.</p>
      <TextareaField label="Motivo del rifiuto" required rows={3} data-autofocus {...modulo.campo('motivo')} />
      {errore && <p className="field-error" role="alert">{errore}</p>}
    </Modal>
  );
}
