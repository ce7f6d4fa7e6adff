import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { formatImporto } from '../../shared/formato.js';
import { totaleNetto } from '../cart/priceMode';
import { DataTable } from '../components/DataTable';
import { Modal, useDialogs } from '../components/Modal';
import { PulsanteCestino } from '../components/PulsanteCestino';
import { useToast } from '../components/Toast';
import { ApiError, errorMessage } from '../lib/api';
import { datiSalvati } from '../lib/datiSalvati';
import { formatDataOra } from '../lib/formato';
import { queryClient } from '../lib/queryClient';
import { useSessionData, useStoredUtente } from '../lib/storage';
import { ordiniKeys } from '../ordini/api';
import { accodaOrdine, segnaErrore, togliOrdine, useCodaOrdini, type OrdineInCoda } from './coda';
import { inviaOrdine, verificaOrdine } from './invio';
import { preparaOffline } from './prepara';
import { MSG_CODA } from './testi';
import './offline.css';

/** A send with no answer (no connection, the server away): the order waits for the next try. */
const senzaRisposta = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
/** While the browser says it is online but the server cannot be reached, the queue is tried again this often. */
const RIPROVA_MS = 20_000;
/** How long after the connection comes back the screens for offline are loaded ahead. */
const PREPARA_DOPO_MS = 2000;

function useOnline(): boolean {
  return useSyncExternalStore((f) => {
    window.addEventListener('online', f);
    window.addEventListener('offline', f);
    return () => {
      window.removeEventListener('online', f);
      window.removeEventListener('offline', f);
    };
  }, () => navigator.onLine);
}

/**
 * Sends this agent's queued orders of the client the session acts for, one at a time, whenever the
 * connection is there (docs/regole/agenti.md#offline): checked again, the changes shown first (the
 * agent may leave it in the queue), then sent with its key. Orders of other clients wait until the
 * agent enters them.
 */
function useInvioCoda(ordini: OrdineInCoda[], inScope: (o: OrdineInCoda) => boolean, online: boolean) {
  const { confirm } = useDialogs();
  const toast = useToast();
  const inCorso = useRef(false);
  const [giro, setGiro] = useState(0);
  /** Left in the queue by the agent in this round: asked again after the next 'online' or 'Invia ora'. */
  const rinviati = useRef(new Set<string>());

  useEffect(() => {
    const nuovoGiro = () => {
      rinviati.current.clear();
      setGiro((g) => g + 1);
    };
    window.addEventListener('online', nuovoGiro);
    return () => window.removeEventListener('online', nuovoGiro);
  }, []);

  const inviaUno = useCallback(async (o: OrdineInCoda): Promise<'fatto' | 'rete'> => {
    let verifica;
    try {
      verifica = await verificaOrdine(o);
    } catch (err) {
      if (!senzaRisposta(err)) toast.error(errorMessage(err));
      return 'rete';
    }
    if (verifica.righe.length === 0) {
      await segnaErrore(o, MSG_CODA.vuoto(o.cliente_nome));
      return 'fatto';
    }
    if (verifica.cambi.length > 0) {
      const vai = await confirm(MSG_CODA.cambi(verifica.cambi), {
        title: MSG_CODA.titoloCambi(o.cliente_nome), confirmLabel: 'Invia', cancelLabel: 'Lascia in coda',
      });
      if (!vai) {
        rinviati.current.add(o.chiave);
        return 'fatto';
      }
    }
    let esito;
    try {
      esito = await inviaOrdine(o, verifica.righe);
    } catch (err) {
      // No answer: the same key goes again next time, and the server makes one order of both.
      if (senzaRisposta(err)) return 'rete';
      await segnaErrore(o, errorMessage(err));
      return 'fatto';
    }
    if (esito.status !== 0) {
      await segnaErrore(o, esito.msg);
      toast.error(esito.msg);
      return 'fatto';
    }
    await togliOrdine(o.chiave);
    toast.success(MSG_CODA.inviato(o.cliente_nome, esito.msg));
    await queryClient.invalidateQueries({ queryKey: ordiniKeys.all });
    return 'fatto';
  }, [confirm, toast]);

  useEffect(() => {
    if (!online || inCorso.current) return;
    const pronti = ordini.filter((o) => inScope(o) && !o.errore && !rinviati.current.has(o.chiave));
    if (pronti.length === 0) return;
    inCorso.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      for (const o of pronti) {
        if ((await inviaUno(o)) === 'rete') {
          timer = setTimeout(() => setGiro((g) => g + 1), RIPROVA_MS);
          break;
        }
      }
    })().finally(() => {
      inCorso.current = false;
    });
    return () => clearTimeout(timer);
  }, [online, ordini, inScope, inviaUno, giro]);

  /** 'Invia ora' of a row: its refusal or the agent's 'Lascia in coda' forgotten, tried again. */
  return useCallback(async (o: OrdineInCoda) => {
    rinviati.current.delete(o.chiave);
    if (o.errore) await accodaOrdine({ ...o, errore: undefined });
    setGiro((g) => g + 1);
  }, []);
}

function statoDi(o: OrdineInCoda, inScope: boolean, online: boolean): string {
  if (o.errore) return o.errore;
  if (!inScope) return MSG_CODA.attesaCliente;
  return online ? MSG_CODA.pronto : MSG_CODA.attesaConnessione;
}

/** 'alle HH:mm del dd/MM/yyyy' of an ISO time. */
function quando(iso: string): string {
  const [giorno, ora] = formatDataOra(iso).split(' ');
  return `${ora} del ${giorno}`;
}

/**
 * What an agent's header shows about working offline (docs/regole/agenti.md#offline): when the page's
 * content comes from the device, the time it was stored; how many orders wait to be sent (a button
 * that lists them). It also sends them (useInvioCoda). Only in an agent's session.
 */
export default function StatoOffline() {
  const utente = useStoredUtente();
  const sessione = useSessionData();
  const online = useOnline();
  const ordini = useCodaOrdini(utente?.utente_codice);
  const { confirm } = useDialogs();
  const [aperto, setAperto] = useState(false);
  const inCliente = !!utente?.agente?.in_cliente;
  const inScope = useCallback((o: OrdineInCoda) => inCliente && !!sessione
    && sessione.azienda_codice === o.azienda_codice && sessione.cliente_codice === o.cliente_codice, [inCliente, sessione]);
  const riprova = useInvioCoda(ordini, inScope, online);
  const eraOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      eraOffline.current = true;
      return;
    }
    // Coming back online: a few seconds later, not to compete with the page's own calls asked again.
    const timer = setTimeout(preparaOffline, eraOffline.current ? PREPARA_DOPO_MS : 0);
    return () => clearTimeout(timer);
  }, [online]);

  const { pathname, search } = useLocation();
  const pagina = `${pathname}${search}`;
  const salvato = useSyncExternalStore(datiSalvati.subscribe, () => datiSalvati.di(pagina));

  if (!utente?.agente || (!salvato && ordini.length === 0)) return null;
  return (
    <div className="offline-stato">
      {salvato && (
        <p className="offline-aggiornato" role="status" data-testid="offline-aggiornato">{MSG_CODA.aggiornato(quando(salvato))}</p>
      )}
      {ordini.length > 0 && (
        <button type="button" className="btn btn-sm offline-contatore" data-testid="ordini-in-coda" onClick={() => setAperto(true)}>
          <span className="offline-badge" aria-hidden="true">{ordini.length}</span> {MSG_CODA.contatore(ordini.length)}
        </button>
      )}
      <Modal open={aperto && ordini.length > 0} onClose={() => setAperto(false)} title="Ordini da inviare" size="wide">
        <DataTable
          label="Ordini in coda su questo dispositivo"
          rows={ordini}
          rowKey={(o) => o.chiave}
          empty="Nessun ordine in coda."
          columns={[
            { key: 'cliente', header: 'Cliente', cell: (o) => <><strong>{o.cliente_nome}</strong> <span className="muted">({o.cliente_codice})</span></> },
            { key: 'creato', header: 'In coda dal', cell: (o) => formatDataOra(o.creato) },
            { key: 'righe', header: 'Righe', align: 'end', cell: (o) => o.righe.length },
            { key: 'totale', header: 'Totale netto', align: 'end', cell: (o) => formatImporto(totaleNetto(o.righe)) },
            { key: 'stato', header: 'Stato', cell: (o) => statoDi(o, inScope(o), online) },
          ]}
          actions={(o) => (
            <span className="offline-azioni">
              {online && inScope(o) && (
                <button type="button" className="btn btn-sm" onClick={() => void riprova(o)}>Invia ora</button>
              )}
              <PulsanteCestino
                label={`Elimina l'ordine in coda per ${o.cliente_nome}`}
                onClick={() => void confirm(MSG_CODA.elimina, { title: 'Elimina ordine in coda', confirmLabel: 'Elimina', danger: true })
                  .then((si) => (si ? togliOrdine(o.chiave) : undefined))}
              />
            </span>
          )}
        />
      </Modal>
    </div>
  );
}
