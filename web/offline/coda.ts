import { useMemo, useSyncExternalStore } from 'react';
import type { OrdiniCreateRequest } from '../../shared/ordini.js';
import type { CartItem } from '../cart/cart';

/**
 * The orders an agent confirmed offline (docs/regole/agenti.md#offline), kept on this device in
 * IndexedDB until they are sent: each with the Idempotency-Key made when it was queued (the server
 * makes one order of every send with it), the client it was made for and its lines as the agent saw
 * them (prices and availability, compared again before it goes: ./invio.ts).
 */
export interface OrdineInCoda {
  /** The Idempotency-Key of ordini/create, made at queue time. */
  chiave: string;
  /** The agent's user code: another agent on this device never sees or sends it. */
  agente: string;
  azienda_codice: string;
  cliente_codice: string;
  cliente_nome: string;
  /** When it was queued (ISO). */
  creato: string;
  /** ordini/create's body without its lines (./invio.ts adds them, checked again). */
  corpo: Omit<OrdiniCreateRequest, 'carrelloItems'>;
  righe: CartItem[];
  /** The server's refusal at the last send (status 1): it waits for the agent. */
  errore?: string;
}

const DB = 'portale-offline';
const STORE = 'ordini';

function apri(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'chiave' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB non disponibile'));
  });
}

async function transazione<T>(modo: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await apri();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, modo);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB: scrittura non riuscita'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB: scrittura annullata'));
    });
  } finally {
    db.close();
  }
}

/** What the screens read: the queue as last loaded, and who listens. */
let tutti: OrdineInCoda[] = [];
const ascoltatori = new Set<() => void>();
const canale = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('portale-coda-ordini');

async function ricarica(): Promise<void> {
  const letti = await transazione('readonly', (s) => s.getAll() as IDBRequest<OrdineInCoda[]>);
  tutti = letti.sort((a, b) => a.creato.localeCompare(b.creato));
  ascoltatori.forEach((f) => f());
}

async function cambiata(): Promise<void> {
  await ricarica();
  // Another tab of the portal shows the same count.
  canale?.postMessage('cambiata');
}
canale?.addEventListener('message', () => void ricarica().catch(() => undefined));
let caricata: Promise<void> | null = null;
const carica = () => (caricata ??= ricarica().catch(() => undefined));

/** Puts an order in the queue (its key is already made). */
export async function accodaOrdine(o: OrdineInCoda): Promise<void> {
  await transazione('readwrite', (s) => s.put(o));
  await cambiata();
}

/** Takes an order out of the queue: sent, or deleted by the agent. */
export async function togliOrdine(chiave: string): Promise<void> {
  await transazione('readwrite', (s) => s.delete(chiave));
  await cambiata();
}

/** Notes the server's refusal on a queued order. */
export async function segnaErrore(o: OrdineInCoda, errore: string): Promise<void> {
  await accodaOrdine({ ...o, errore });
}

/** This agent's queued orders, oldest first, kept current (this tab's changes and other tabs'). */
export function useCodaOrdini(agente: string | undefined): OrdineInCoda[] {
  const lista = useSyncExternalStore((f) => {
    ascoltatori.add(f);
    void carica();
    return () => ascoltatori.delete(f);
  }, () => tutti);
  return useMemo(() => (agente ? lista.filter((o) => o.agente === agente) : []), [lista, agente]);
}
