import { hashKey, queryOptions, useMutation } from '@tanstack/react-query';
import { anagraficaRotte } from '../../../shared/rotte/anagrafica.js';
import type { InputOf } from '../../../shared/contract.js';
import { utentiRotte } from '../../../shared/rotte/utenti.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { clientiKeys } from '../clienti/api';
import { dispositiviKeys } from '../dispositivi/api';
import { storicoKeys } from '../storico/api';

/**
 * Calls of the admin user screens (docs/regole/admin.md#users): the paged list with its search, one user, the
 * client search of the user form, and the user mutations. Every change of a user is recorded in
 * the 'Storico modifiche' of the user and of its clients, and a client's detail lists its users
 * (username, names, login): the mutations reload what they change.
 */
export const utentiKeys = {
  all: ['admin', 'utenti'] as const,
  liste: ['admin', 'utenti', 'list'] as const,
  list: (stringa: string, start: number, limit: number) => ['admin', 'utenti', 'list', stringa, start, limit] as const,
  dettaglio: (id: number) => ['admin', 'utenti', 'dettaglio', id] as const,
  ricercaClienti: (stringa: string) => ['admin', 'utenti', 'ricerca-clienti', stringa] as const,
};

/** GET utenti/read: one page of users and the total; with `stringa`, those that match it. */
export const utentiQuery = (stringa: string, start: number, limit: number) =>
  queryOptions({
    queryKey: utentiKeys.list(stringa, start, limit),
    queryFn: ({ signal }) => callApi(utentiRotte.leggi, { ...(stringa ? { stringa } : {}), start, limit }, { signal }),
  });

/** GET utenti/read?utente_id=: the user, or null when no user has that id. */
export const utenteQuery = (id: number) =>
  queryOptions({
    queryKey: utentiKeys.dettaglio(id),
    queryFn: async ({ signal }) => (await callApi(utentiRotte.leggi, { utente_id: id, limit: 1 }, { signal })).utenti[0] ?? null,
  });

/** GET search/clienti: the clients the user form can link (an empty term searches nothing). */
export const ricercaClientiQuery = (stringa: string) =>
  queryOptions({
    queryKey: utentiKeys.ricercaClienti(stringa),
    queryFn: ({ signal }) => callApi(anagraficaRotte.cerca, { stringa }, { signal }),
    enabled: stringa !== '',
    staleTime: 60_000,
  });

/** After a change of users: the lists and details, the histories and, when told, the clients' details. */
function ricarica({ clienti }: { clienti: boolean }) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: utentiKeys.all }),
    queryClient.invalidateQueries({ queryKey: storicoKeys.all }),
    clienti && queryClient.invalidateQueries({ queryKey: clientiKeys.dettagli }),
  ]);
}

/** POST utenti/create: creates a user, or updates it with utente_id. */
export function useSalvaUtente() {
  return useMutation({
    mutationFn: (input: InputOf<typeof utentiRotte.salva>) => callApi(utentiRotte.salva, input),
    onSuccess: (r) => (r.status === 0 ? ricarica({ clienti: true }) : undefined),
  });
}

/** POST utenti/changeStatusLogin: enabled ↔ disabled (disabling ends the user's sessions). */
export function useCambiaStatoLogin() {
  return useMutation({
    mutationFn: (utenteId: number) => callApi(utentiRotte.cambiaStatoLogin, { utente_id: utenteId }),
    onSettled: () => ricarica({ clienti: true }),
  });
}

/** POST utente/toggle_fatturato_metrica: shows or hides the monthly turnover to the customer. */
export function useToggleFatturato() {
  return useMutation({
    mutationFn: (utenteId: number) => callApi(utentiRotte.cambiaFatturatoMetrica, { utente_id: utenteId }),
    onSettled: () => ricarica({ clienti: false }),
  });
}

/** POST utenti/mandacredenziali: a fresh temporary password by e-mail; only the histories change. */
export function useMandaCredenziali() {
  return useMutation({
    mutationFn: (utenteId: number) => callApi(utentiRotte.mandaCredenziali, { utente_id: utenteId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storicoKeys.all }),
  });
}

/**
 * POST utenti/delete: the user goes with its devices. The lists are emptied rather than kept on
 * screen until they reload (they would show the deleted user); the gone user's detail and devices
 * are not read again (their page is still on screen until it leaves, and they would answer 404).
 */
export function useCancellaUtente() {
  return useMutation({
    mutationFn: (utenteId: number) => callApi(utentiRotte.cancella, { utente_id: utenteId }),
    onSuccess: (_r, utenteId) => {
      const suoiDispositivi = hashKey(dispositiviKeys.utente(utenteId));
      return Promise.all([
        queryClient.resetQueries({ queryKey: utentiKeys.liste }),
        queryClient.invalidateQueries({ queryKey: utentiKeys.dettaglio(utenteId), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: storicoKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientiKeys.dettagli }),
        queryClient.invalidateQueries({ queryKey: dispositiviKeys.all, predicate: (q) => q.queryHash !== suoiDispositivi }),
      ]);
    },
  });
}

/**
 * POST utenti/collegamento: the user's role, limits, switches or suspension on one client. The
 * user's page, the client's page (its users and Titolare) and the histories show it.
 */
export function useCambiaCollegamento() {
  return useMutation({
    mutationFn: (input: InputOf<typeof utentiRotte.collegamento>) => callApi(utentiRotte.collegamento, input),
    onSettled: () => ricarica({ clienti: true }),
  });
}
