import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ImpostazioniStato } from '../../../shared/impostazioni.js';
import { impostazioniRotte } from '../../../shared/rotte/impostazioni.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

/**
 * Impostazioni (tecnico, docs/regole/admin.md#settings): maintenance, device approval and the days an
 * order held for approval waits. Both switches are set to an
 * explicit value with impostazioni/update (not toggled with manutenzione/change), so that a second
 * tab or a double click can never flip the switch the other way; the answer is the state after the
 * change and goes straight into the cache.
 */
export const impostazioniKeys = {
  stato: ['admin', 'impostazioni'] as const,
};

export const impostazioniQuery = () =>
  queryOptions({
    queryKey: impostazioniKeys.stato,
    queryFn: ({ signal }) => callApi(impostazioniRotte.leggi, {}, { signal }),
    staleTime: 0,
  });

export type Interruttore = Exclude<keyof ImpostazioniStato, 'giorni_approvazione'>;

/** Sets one switch; the answer (the state after the change) replaces the cached state. */
export function useAggiornaImpostazione() {
  return useMutation({
    mutationFn: (v: { chiave: Interruttore; valore: 0 | 1 }) =>
      callApi(impostazioniRotte.aggiorna, v.chiave === 'manutenzione' ? { manutenzione: v.valore } : { approvazione_dispositivi: v.valore }),
    onSuccess: (stato) => queryClient.setQueryData(impostazioniKeys.stato, stato),
  });
}

/** Sets how many days an order held for approval waits; the answer replaces the cached state. */
export function useAggiornaGiorniApprovazione() {
  return useMutation({
    mutationFn: (giorni: number) => callApi(impostazioniRotte.aggiorna, { giorni_approvazione: giorni }),
    onSuccess: (stato) => queryClient.setQueryData(impostazioniKeys.stato, stato),
  });
}
