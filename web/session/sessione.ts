import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClienteCollegato, UtenteLogin } from '../../shared/accesso.js';
import { queryClient } from '../lib/queryClient';
import {
  clearAllStorage, clearCustomerStorage, getSessionData, removeStored, setSessionData, setUtente, STORAGE_KEYS,
  useStoredUtente, type SessionData,
} from '../lib/storage';
import { paths } from '../paths';
import { logoutBackend, logoutCliente, sessioneQuery } from '../accesso/api';

/** sessionData for one of the user's clients (docs/regole/generale.md#browser-storage). */
export function sessionDataFor(utente: UtenteLogin, cliente: ClienteCollegato): SessionData {
  return {
    azienda_codice: cliente.azienda_codice,
    cliente_codice: cliente.cliente_codice,
    utente_codice: utente.utente_codice ?? '',
    cliente_ragionesociale: cliente.cliente_ragionesociale,
    azienda_ragionesociale: cliente.azienda_ragionesociale,
    cliente_lis_maga: cliente.cliente_lis_maga,
  };
}

export function sameClient(a: Pick<SessionData, 'azienda_codice' | 'cliente_codice' | 'utente_codice'>, b: typeof a): boolean {
  return a.azienda_codice === b.azienda_codice && a.cliente_codice === b.cliente_codice && a.utente_codice === b.utente_codice;
}

const SESSION_FIELDS = [
  'azienda_codice', 'cliente_codice', 'utente_codice', 'cliente_ragionesociale', 'azienda_ragionesociale', 'cliente_lis_maga',
] as const satisfies ReadonlyArray<keyof SessionData>;

export function equalSessionData(a: SessionData, b: SessionData): boolean {
  return SESSION_FIELDS.every((k) => a[k] === b[k]);
}

/**
 * Makes `cliente` the session's client (login with one client, or 'Entra' on the dispatcher).
 * The cache of another client's cart is dropped (that cart stays on the server, docs/regole/ordini.md#cart).
 */
export function startClientSession(utente: UtenteLogin, cliente: ClienteCollegato): SessionData {
  const next = sessionDataFor(utente, cliente);
  const previous = getSessionData();
  if (previous && !sameClient(previous, next)) removeStored(STORAGE_KEYS.carrelloItems, STORAGE_KEYS.carrelloStato);
  setSessionData(next);
  return next;
}

/** Customer 'Esci': ends the server session, clears the customer's storage, goes to /. */
export function useLogoutCliente(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutCliente();
    } catch {
      // Already logged out or server unreachable: the local session is cleared anyway.
    }
    // Leave the page first, so that no mounted query refetches without a session.
    await navigate(paths.login.path, { replace: true });
    clearCustomerStorage();
    queryClient.clear();
  }, [navigate]);
}

/** Admin 'Esci': ends the server session, clears ALL local storage, goes to /admin. */
export function useLogoutBackend(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutBackend();
    } catch {
      // as above
    }
    await navigate(paths.adminLogin.path, { replace: true });
    clearAllStorage();
    queryClient.clear();
  }, [navigate]);
}

/** Display name of a customer user: nominativo, else nome cognome, else username. */
export function nomeUtente(u: Pick<UtenteLogin, 'nominativo' | 'nome' | 'cognome' | 'username'> | null | undefined): string {
  if (!u) return '';
  return u.nominativo?.trim() || [u.nome, u.cognome].filter(Boolean).join(' ').trim() || u.username || '';
}

export function iniziali(nome: string): string {
  const parts = nome.split(/[\s.@]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/**
 * Checks the customer session on the server (GET /api/sessione; a 401 sends back to the login)
 * and keeps the stored `utente` in line with it (its clients may have changed). A password still
 * temporary (`cambio_password: 1`, e.g. after a reload) leads to /cambia-password.
 */
export function useSyncUtente(enabled = true) {
  const query = useQuery({ ...sessioneQuery(), enabled });
  const stored = useStoredUtente();
  const navigate = useNavigate();
  useEffect(() => {
    if (query.data && JSON.stringify(query.data.utente) !== JSON.stringify(stored)) setUtente(query.data.utente);
  }, [query.data, stored]);
  const daCambiare = query.data?.utente.cambio_password === 1;
  useEffect(() => {
    if (daCambiare && window.location.pathname !== paths.cambiaPassword.path) {
      void navigate(paths.cambiaPassword.path, { replace: true });
    }
  }, [daCambiare, navigate]);
  return query;
}
