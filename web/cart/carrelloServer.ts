import type { CarrelloResponse } from '../../shared/carrello.js';
import { carrelloRotte } from '../../shared/rotte/carrello.js';
import { ApiError, callApi } from '../lib/api';
import { getSessionData, readStored, removeStored, STORAGE_KEYS, writeStored, type SessionData } from '../lib/storage';

/**
 * The cart lives on the server, per user and client (docs/regole/ordini.md#cart,
 * docs/decisions/carrello-sul-server.md); carrelloItems is this device's cache of it, so the shop
 * works offline as before. Here:
 * - opening the shop for a client reads the server's cart, which wins, unless this device holds
 *   something the server lacks: changes made here to the server's cart and never sent (offline, or
 *   the page closed within the pause: 'da_inviare') replace it, as they would have; a cache never
 *   based on the server's cart (a cart from before the server kept it, or lines added before the
 *   first reading) is merged into it once (carrello/unisci: the larger quantity where both have the
 *   product), since its user never saw the server's lines;
 * - every change is sent as the whole cart (carrello/salva, or carrello/svuota when empty) after
 *   a short pause, one request at a time, retried while the server cannot be reached: the same
 *   request twice leaves the same cart;
 * - coming back to the tab reads the server's cart again, unless changes are waiting.
 * An answer replaces the cache only while the cache still holds what was sent: a change made
 * meanwhile (in this tab or another) is sent next instead.
 */

type Riga = { codice_prodotto: string; quantita: number };
type Ambito = Pick<SessionData, 'azienda_codice' | 'cliente_codice' | 'utente_codice'>;

const PAUSA_MS = 400;
const ATTESA_MAX_MS = 30_000;

const chiave = (a: Ambito) => `${a.utente_codice}|${a.azienda_codice}|${a.cliente_codice}`;
const codici = (a: Ambito) => ({ azienda_codice: a.azienda_codice, cliente_codice: a.cliente_codice });
const stato = () => readStored(STORAGE_KEYS.carrelloStato, (v) => (v === 'allineato' || v === 'da_inviare' ? v : null));

/** The cache's lines as the server takes them; what carrelloItems holds is read by web/cart/cart.ts. */
let leggiCache: () => Riga[] = () => [];
export function collegaCache(leggi: () => Riga[]): void {
  leggiCache = () => leggi().map((r) => ({ codice_prodotto: r.codice_prodotto, quantita: r.quantita }));
}

const uguali = (a: Riga[], b: Riga[]) =>
  a.length === b.length && a.every((r, i) => r.codice_prodotto === b[i]!.codice_prodotto && r.quantita === b[i]!.quantita);

/** The client whose cart was read in this page (null: not yet), and the one being read. */
let aperto: string | null = null;
let apertura: string | null = null;
/** The change waiting to be sent: its client and its lines as they were. */
let inAttesa: { ambito: Ambito; righe: Riga[] } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let inVolo = false;
let tentativi = 0;

function applica(ambito: Ambito, inviate: Riga[], risposta: CarrelloResponse): void {
  const attuale = getSessionData();
  // Another client since, or the cache changed meanwhile: the next send carries it.
  if (!attuale || chiave(attuale) !== chiave(ambito) || !uguali(leggiCache(), inviate)) return;
  if (inAttesa && chiave(inAttesa.ambito) === chiave(ambito)) return;
  writeStored(STORAGE_KEYS.carrelloItems, risposta.righe);
  writeStored(STORAGE_KEYS.carrelloStato, 'allineato');
}

/** Whether an error may pass by waiting: no answer, the server busy or away, a limit on requests (not maintenance: its page is shown). */
const passeggero = (err: unknown) =>
  !(err instanceof ApiError) || (!err.maintenance && (err.status === 0 || err.status === 429 || err.status >= 500));

/** The whole cart as this device holds it (carrello/salva, or carrello/svuota when empty). */
const scrivi = (ambito: Ambito, righe: Riga[]) => righe.length === 0
  ? callApi(carrelloRotte.svuota, codici(ambito))
  : callApi(carrelloRotte.salva, { ...codici(ambito), righe });

function riprova(fn: () => void): void {
  tentativi += 1;
  const attesa = Math.min(1000 * 2 ** Math.min(tentativi - 1, 5), ATTESA_MAX_MS);
  if (!navigator.onLine) {
    window.addEventListener('online', fn, { once: true });
    return;
  }
  setTimeout(fn, attesa);
}

const diSessione = (k: string) => {
  const s = getSessionData();
  return !!s && chiave(s) === k;
};

/**
 * The server's cart changed by another call (the agent's one tap, agente/aggiungi): read it again
 * for the session's client, as when the shop opens.
 */
export function rileggiCarrello(ambito: Ambito): void {
  if (aperto === chiave(ambito)) aperto = null;
  apriCarrello(ambito);
}

/** Reads (or merges into) the server's cart for the session's client, once per page and client. */
export function apriCarrello(ambito: Ambito): void {
  const k = chiave(ambito);
  if (aperto === k || apertura === k || !diSessione(k)) return;
  apertura = k;
  void (async () => {
    // At most a few rounds: a change made while the cart is read is merged into it.
    for (let giro = 0; giro < 3; giro++) {
      const righe = leggiCache();
      const modo = stato() === 'da_inviare' ? 'sostituisci' : stato() === null && righe.length > 0 ? 'unisci' : 'leggi';
      try {
        const risposta = modo === 'leggi'
          ? await callApi(carrelloRotte.leggi, codici(ambito))
          : modo === 'unisci'
            ? await callApi(carrelloRotte.unisci, { ...codici(ambito), righe })
            : await scrivi(ambito, righe);
        if (apertura !== k) return;
        if (!uguali(leggiCache(), righe)) continue;
        // What waited for this reading is in it (merged, or the cache it read was the server's).
        if (inAttesa && chiave(inAttesa.ambito) === k) inAttesa = null;
        applica(ambito, righe, risposta);
        break;
      } catch (err) {
        if (apertura !== k) return;
        if (passeggero(err)) {
          apertura = null;
          riprova(() => apriCarrello(ambito));
          return;
        }
        // Refused (e.g. a product withdrawn since the cache was filled): the server's cart wins.
        if (modo !== 'leggi' && err instanceof ApiError && err.status === 400) {
          removeStored(STORAGE_KEYS.carrelloStato);
          writeStored(STORAGE_KEYS.carrelloItems, []);
          continue;
        }
        apertura = null;
        return;
      }
    }
    tentativi = 0;
    apertura = null;
    // Another client chosen meanwhile: that one's opening counts.
    if (!diSessione(k)) return;
    aperto = k;
    if (inAttesa) void invia();
  })();
}

/** A change of the cache by this page: sent after a short pause, as the whole cart. */
export function registraModifica(righe: Riga[]): void {
  const ambito = getSessionData();
  if (!ambito) return;
  // A change still waiting for another client goes first, to that client's cart.
  if (inAttesa && chiave(inAttesa.ambito) !== chiave(ambito)) void invia();
  inAttesa = { ambito, righe: righe.map((r) => ({ codice_prodotto: r.codice_prodotto, quantita: r.quantita })) };
  // A cache never based on the server's cart stays so: its opening merges it.
  if (stato() !== null) writeStored(STORAGE_KEYS.carrelloStato, 'da_inviare');
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void invia();
  }, PAUSA_MS);
}

async function invia(): Promise<void> {
  if (inVolo || !inAttesa) return;
  const { ambito, righe } = inAttesa;
  const attuale = getSessionData();
  // Until the session's client's cart is read, its change waits: the reading sends it.
  if (attuale && chiave(attuale) === chiave(ambito) && aperto !== chiave(ambito)) return;
  clearTimeout(timer);
  timer = undefined;
  inVolo = true;
  inAttesa = null;
  let ancora = true;
  try {
    const risposta = await scrivi(ambito, righe);
    tentativi = 0;
    inVolo = false;
    applica(ambito, righe, risposta);
  } catch (err) {
    inVolo = false;
    // A newer change replaces this one; otherwise this one waits.
    if (!inAttesa) {
      inAttesa = { ambito, righe };
      ancora = false;
    }
    if (passeggero(err)) riprova(() => void invia());
    // Refused (a 400 says why; a 401 has gone to the login): kept on this device and sent with the next change.
  }
  // A change made while this one travelled, whose pause is over.
  if (ancora && inAttesa && timer === undefined) void invia();
}

/** Back to the tab: the cart may have changed on another device. */
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    const s = getSessionData();
    if (document.visibilityState !== 'visible' || !s || aperto !== chiave(s) || inAttesa || inVolo || stato() !== 'allineato') return;
    const righe = leggiCache();
    callApi(carrelloRotte.leggi, codici(s)).then((r) => applica(s, righe, r), () => {
      // Unreachable now: the cache stays, and the next opening reads it again.
    });
  });
}
