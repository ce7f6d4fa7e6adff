import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { clienteCollegato, loginBackendResponse, utenteLogin, type UtenteLogin } from '../../shared/accesso.js';

/**
 * Browser local storage, with the keys of docs/regole/generale.md#browser-storage. It holds UI state only: the server keeps the
 * real session (cookie) and never trusts what is stored here. Values are JSON, read back through a
 * zod schema so that a stale or hand-edited value reads as "missing" instead of crashing a screen.
 */
export const STORAGE_KEYS = {
  /** The client the customer works for: {azienda_codice, cliente_codice, utente_codice, …}. */
  sessionData: 'sessionData',
  /** The customer login result (utente with its clienti). */
  utente: 'utente',
  /** The whole backend login response {status, msg, utente}. */
  user: 'user',
  /** The cart: products plus quantita. */
  carrelloItems: 'carrelloItems',
  /** The price display mode of the header menu (web/cart/priceMode.ts): UI state beside the cart, not a spec key. */
  modalitaPrezzi: 'modalitaPrezzi',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** sessionData: cliente_lis_maga 0 or missing means price list 1. */
export const sessionDataSchema = clienteCollegato.extend({
  utente_codice: z.string(),
  cliente_lis_maga: z.number().int().optional(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export const storedUtenteSchema = utenteLogin;
export const storedUserSchema = loginBackendResponse;
export type StoredUser = z.infer<typeof storedUserSchema>;

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

/** Reads and validates a stored JSON value; null when missing or not matching the schema. */
export function readStored<S extends z.ZodType>(key: StorageKey, schema: S): z.output<S> | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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

/** Customer logout or expired customer session: forget the customer's UI state. */
export function clearCustomerStorage(): void {
  removeStored(STORAGE_KEYS.sessionData, STORAGE_KEYS.utente, STORAGE_KEYS.carrelloItems, STORAGE_KEYS.modalitaPrezzi);
}

/** Admin 'Esci': clears ALL local storage (docs/regole/accesso.md#logout). */
export function clearAllStorage(): void {
  try {
    safeStorage()?.clear();
  } catch {
    // nothing to clear
  }
  notify(null);
}

// Typed accessors for the known keys.
export const getSessionData = () => readStored(STORAGE_KEYS.sessionData, sessionDataSchema);
export const setSessionData = (value: SessionData) => writeStored(STORAGE_KEYS.sessionData, value);
export const getUtente = () => readStored(STORAGE_KEYS.utente, storedUtenteSchema);
export const setUtente = (value: UtenteLogin) => writeStored(STORAGE_KEYS.utente, value);
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

const parsedCache = new Map<StorageKey, { raw: string | null; schema: z.ZodType; value: unknown }>();

function snapshot<S extends z.ZodType>(key: StorageKey, schema: S): z.output<S> | null {
  const raw = readRaw(key);
  const cached = parsedCache.get(key);
  if (cached && cached.raw === raw && cached.schema === schema) return cached.value as z.output<S> | null;
  const value = readStored(key, schema);
  parsedCache.set(key, { raw, schema, value });
  return value;
}

/**
 * A stored value as React state: re-renders when the key changes in this tab (through the
 * helpers above) or in another tab.
 */
export function useStored<S extends z.ZodType>(key: StorageKey, schema: S): z.output<S> | null {
  const sub = useCallback((cb: () => void) => subscribe(key, cb), [key]);
  return useSyncExternalStore(sub, () => snapshot(key, schema), () => null);
}

export const useSessionData = () => useStored(STORAGE_KEYS.sessionData, sessionDataSchema);
export const useStoredUtente = () => useStored(STORAGE_KEYS.utente, storedUtenteSchema);
export const useStoredAdminUser = () => useStored(STORAGE_KEYS.user, storedUserSchema);
