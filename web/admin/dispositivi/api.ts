import { queryOptions, useMutation } from '@tanstack/react-query';
import { accessoRotte } from '../../../shared/rotte/accesso.js';
import { DISPOSITIVI_LIMIT_MAX, type Dispositivo } from '../../../shared/dispositivi.js';
import { dispositiviRotte } from '../../../shared/rotte/dispositivi.js';
import type { OutputOf } from '../../../shared/contract.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

/**
 * The customers' devices (docs/regole/admin.md#devices-admin; tecnico),
 * and one user's (every admin: the user screens). The whole list is read once (newest first, up
 * to DISPOSITIVI_LIMIT_MAX) and searched and filtered in the browser. 'Abilita'/
 * 'Disabilita' update the row in the cached lists on status '0' (no reload); 'Cancella lista di
 * attesa' reloads them.
 */
export const dispositiviKeys = {
  all: ['admin', 'dispositivi'] as const,
  tutti: ['admin', 'dispositivi', 'tutti'] as const,
  utente: (userId: number) => ['admin', 'dispositivi', 'utente', userId] as const,
};

export const dispositiviQuery = () =>
  queryOptions({
    queryKey: dispositiviKeys.tutti,
    queryFn: ({ signal }) => callApi(dispositiviRotte.tutti, { start: 0, limit: DISPOSITIVI_LIMIT_MAX }, { signal }),
    staleTime: 0,
  });

/** GET devices/byuser: one user's devices, newest first. */
export const dispositiviUtenteQuery = (userId: number) =>
  queryOptions({
    queryKey: dispositiviKeys.utente(userId),
    queryFn: ({ signal }) => callApi(dispositiviRotte.perUtente, { user_id: userId, start: 0, limit: DISPOSITIVI_LIMIT_MAX }, { signal }),
    staleTime: 0,
  });

export type DatiDispositivi = OutputOf<typeof dispositiviRotte.tutti>;

/** The row of `d` in whichever cached list holds it: the whole list and its user's. */
function aggiornaRiga(d: Dispositivo, authorized: 0 | 1): void {
  const aggiorna = <T extends { devices: Dispositivo[] }>(old: T | undefined) => old && {
    ...old,
    devices: old.devices.map((x) => (x.id === d.id ? { ...x, authorized, updated_at: new Date().toISOString() } : x)),
  };
  queryClient.setQueryData<DatiDispositivi>(dispositiviKeys.tutti, aggiorna);
  queryClient.setQueryData<OutputOf<typeof dispositiviRotte.perUtente>>(dispositiviKeys.utente(d.user_id), aggiorna);
}

/**
 * 'Abilita' (from 0) or 'Disabilita' (from 1). Resolves with the server's answer; the cached row
 * changes only on status '0'.
 */
export function useCambiaAutorizzazione() {
  return useMutation({
    mutationFn: async (d: Dispositivo) => {
      const input = { user_id: d.user_id, fingerprint: d.fingerprint, ip: d.ip || undefined };
      const autorizza = d.authorized === 0;
      const r = await callApi(autorizza ? dispositiviRotte.accetta : dispositiviRotte.revoca, input);
      return { ...r, autorizza };
    },
    onSuccess: (r, d) => {
      if (r.status === '0') aggiornaRiga(d, r.autorizza ? 1 : 0);
    },
  });
}

/** 'Cancella lista di attesa': pending devices deleted, failed-login counters reset; the lists reload. */
export function useCancellaListaAttesa() {
  return useMutation({
    mutationFn: () => callApi(accessoRotte.cancellaTentativi, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispositiviKeys.all }),
  });
}
