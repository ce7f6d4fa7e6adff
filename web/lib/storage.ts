import { useCallback, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { AdminInfo, ClienteCollegato, loginBackendResponse, UtenteLogin } from '../../shared/accesso.js';
import { TIPOLOGIE_ADMIN } from '../../shared/accesso-costanti.js';
import { RUOLI } from '../../shared/organizzazione-costanti.js';
import { elenco, forma, type Lettore, unoDi } from './forma';

/**
 * Browser local storage, with the keys of docs/regole/generale.md#browser-storage. It holds UI state only: the server keeps the
 * real session (cookie) and never trusts what is stored here. Values are JSON, read back through a
 * check of their shape (./forma) so that a stale or hand-edited value reads as "missing" instead of
 * crashing a screen.
 */
export const STORAGE_KEYS = {
  /** The client the customer works for: {azienda_codice, cliente_codice, utente_codice, …}. */
  sessionData: 'sessionData',
  /** The customer login result (utente with its clienti). */
  utente: 'utente',
  /** The whole backend login response {status, msg, utente}. */
  user: 'user',
  /** The cart: products plus quantita; a cache of the cart kept on the server (web/cart/carrelloServer.ts). */
  carrelloItems: 'carrelloItems',
  /** Whether that cache is the server's cart as last read ('allineato') or holds changes not yet sent ('da_inviare'). */
  carrelloStato: 'carrelloStato',
  /** The price display mode of the header menu (web/cart/priceMode.ts): UI state beside the cart, not a spec key. */
  modalitaPrezzi: 'modalitaPrezzi',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const clienteCollegato = {
  azienda_codice: 'string', azienda_ragionesociale: 'string', cliente_codice: 'string', cliente_ragionesociale: 'string',
  cliente_lis_maga: 'intero',
} as const;

/** sessionData: cliente_lis_maga 0 or missing means price list 1. */
export type SessionData = Omit<ClienteCollegato, 'cliente_lis_maga' | 'ruolo' | 'vede_prezzi' | 'vede_documenti' | 'limite_ordine' | 'budget_mensile'> & { utente_codice: string; cliente_lis_maga?: number };
const leggiSessionData = forma<SessionData>({ ...clienteCollegato, utente_codice: 'string', cliente_lis_maga: 'intero?' });

const importoFacoltativo = (v: unknown) => v === undefined || v === null || typeof v === 'number';

const leggiUtente = forma<UtenteLogin>({
  status: 'intero', msg: 'string', utente_codice: 'string?', username: 'string?', nome: 'string?', cognome: 'string?',
  nominativo: 'string?', tipologia_account: 'string?', fatturato_metrica: 'intero?', cambio_password: 'intero?',
  // A sales agent's code and whether the session acts for a client (docs/regole/agenti.md).
  agente: (v) => v === undefined || v === null || forma({ agente_codice: 'string', in_cliente: 'boolean' })(v) !== null,
  // The role and switches (kept in line with the server by useSyncUtente) may be missing in what was
  // stored before them: web/session/permessi.ts reads that as a Titolare's until the next sync.
  clienti: elenco(forma<ClienteCollegato>({
    ...clienteCollegato, ruolo: (v) => v === undefined || unoDi(RUOLI)(v), vede_prezzi: 'boolean?', vede_documenti: 'boolean?',
    limite_ordine: importoFacoltativo, budget_mensile: importoFacoltativo,
  })),
});

/** The admin's login answer. */
export type StoredUser = z.output<typeof loginBackendResponse>;
const leggiAdmin = forma<AdminInfo>({ id: 'intero', username: 'string', nome: 'string', cognome: 'string', tipologia: unoDi(TIPOLOGIE_ADMIN) });
const leggiUser = forma<StoredUser>({ status: 'intero', msg: 'string', utente: (v) => v === undefined || leggiAdmin(v) });

const CHANGE_EVENT = 'portale:storage';

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function notify(key: StorageKey | null): void {
  window.dispatchEvent(new CustomEvent<StorageKey | null>(CHANGE_EVENT, { detail: key }));
}

function readRaw(key: StorageKey): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

/** Reads and checks a stored JSON value; null when missing or not of its shape. */
export function readStored<T>(key: StorageKey, leggi: Lettore<T>): T | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    return leggi(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    safeStorage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the UI keeps working from memory for this page.
  }
  notify(key);
}

export function removeStored(...keys: StorageKey[]): void {
  const storage = safeStorage();
  for (const key of keys) storage?.removeItem(key);
  for (const key of keys) notify(key);
}

/**
 * Every agent's answers the service worker kept on this device (web/public/sw.js, caches
 * 'portale-api-<agent>'): they hold clients' prices, so they go at logout and when someone else logs in.
 */
function dimenticaRisposteAgenti(): void {
  if (typeof caches === 'undefined') return;
  void caches.keys()
    .then((nomi) => Promise.all(nomi.filter((n) => n.startsWith('portale-api-')).map((n) => caches.delete(n))))
    .catch(() => undefined);
}

/** Customer logout or expired customer session: forget the customer's UI state. */
export function clearCustomerStorage(): void {
  dimenticaRisposteAgenti();
  removeStored(STORAGE_KEYS.sessionData, STORAGE_KEYS.utente, STORAGE_KEYS.carrelloItems, STORAGE_KEYS.carrelloStato, STORAGE_KEYS.modalitaPrezzi);
}

/** Admin 'Esci': clears ALL local storage (docs/regole/accesso.md#logout). */
export function clearAllStorage(): void {
  dimenticaRisposteAgenti();
  try {
    safeStorage()?.clear();
  } catch {
    // nothing to clear
  }
  notify(null);
}

// Typed accessors for the known keys.
export const getSessionData = () => readStored(STORAGE_KEYS.sessionData, leggiSessionData);
export const setSessionData = (value: SessionData) => writeStored(STORAGE_KEYS.sessionData, value);
export const getUtente = () => readStored(STORAGE_KEYS.utente, leggiUtente);
export function setUtente(value: UtenteLogin): void {
  // Someone else on this device: the answers kept for the one before go (an agent change).
  if (getUtente()?.utente_codice !== value.utente_codice) dimenticaRisposteAgenti();
  writeStored(STORAGE_KEYS.utente, value);
}
export const setAdminUser = (value: StoredUser) => writeStored(STORAGE_KEYS.user, value);

function subscribe(key: StorageKey, onChange: () => void): () => void {
  const onLocal = (e: Event) => {
    const changed = (e as CustomEvent<StorageKey | null>).detail;
    if (changed === null || changed === key) onChange();
  };
  const onOtherTab = (e: StorageEvent) => {
    if (e.key === null || e.key === key) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onLocal);
  window.addEventListener('storage', onOtherTab);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onLocal);
    window.removeEventListener('storage', onOtherTab);
  };
}

const parsedCache = new Map<StorageKey, { raw: string | null; leggi: Lettore<unknown>; value: unknown }>();

function snapshot<T>(key: StorageKey, leggi: Lettore<T>): T | null {
  const raw = readRaw(key);
  const cached = parsedCache.get(key);
  if (cached && cached.raw === raw && cached.leggi === leggi) return cached.value as T | null;
  const value = readStored(key, leggi);
  parsedCache.set(key, { raw, leggi, value });
  return value;
}

/**
 * A stored value as React state: re-renders when the key changes in this tab (through the
 * helpers above) or in another tab.
 */
export function useStored<T>(key: StorageKey, leggi: Lettore<T>): T | null {
  const sub = useCallback((cb: () => void) => subscribe(key, cb), [key]);
  return useSyncExternalStore(sub, () => snapshot(key, leggi), () => null);
}

export const useSessionData = () => useStored(STORAGE_KEYS.sessionData, leggiSessionData);
export const useStoredUtente = () => useStored(STORAGE_KEYS.utente, leggiUtente);
export const useStoredAdminUser = () => useStored(STORAGE_KEYS.user, leggiUser);
