import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InputOf } from '../../shared/contract.js';
import { approvazioniRotte } from '../../shared/rotte/approvazioni.js';
import { callApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';
import { ordiniKeys } from '../ordini/api';
import { useShopSession } from '../session/shopSession';

/** Orders held for approval (docs/regole/organizzazione.md#limits-and-approvals), for the client's approvers. */
type Scope = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;
const scope = (s: Scope) => ({ utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

export const approvazioniKeys = {
  all: ['approvazioni'] as const,
  conteggio: (s: Scope) => ['approvazioni', 'conteggio', s.azienda_codice, s.cliente_codice, s.utente_codice] as const,
  elenco: (s: Scope, start: number) => ['approvazioni', 'elenco', s.azienda_codice, s.cliente_codice, s.utente_codice, start] as const,
  ordine: (s: Scope, id: number) => ['approvazioni', 'ordine', s.azienda_codice, s.cliente_codice, s.utente_codice, id] as const,
};

/** The header's counter: one index-only count, read when a page loads and when the window regains focus. */
export const conteggioQuery = (s: Scope) => queryOptions({
  queryKey: approvazioniKeys.conteggio(s),
  queryFn: ({ signal }) => callApi(approvazioniRotte.conteggio, scope(s), { signal }),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export const PAGINA_APPROVAZIONI = 20;

export const elencoQuery = (s: Scope, start: number) => queryOptions({
  queryKey: approvazioniKeys.elenco(s, start),
  queryFn: ({ signal }) => callApi(approvazioniRotte.elenco, { ...scope(s), start, limit: PAGINA_APPROVAZIONI }, { signal }),
  staleTime: 0,
});

export const ordineQuery = (s: Scope, id: number) => queryOptions({
  queryKey: approvazioniKeys.ordine(s, id),
  queryFn: ({ signal }) => callApi(approvazioniRotte.ordine, { ...scope(s), ordine_id: id }, { signal }),
  staleTime: 0,
});

export function useOrdineInApprovazione(id: number | null) {
  const { session } = useShopSession();
  return useQuery({ ...ordineQuery(session, id ?? 0), enabled: id !== null });
}

/**
 * After a decision (or a refusal saying it was decided already): the list, the counter and the
 * orders are read again. The decided order's own read is dropped, not read again: it waits no more.
 */
const rileggi = async () => {
  queryClient.removeQueries({ queryKey: ['approvazioni', 'ordine'] });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['approvazioni', 'elenco'] }),
    queryClient.invalidateQueries({ queryKey: ['approvazioni', 'conteggio'] }),
    queryClient.invalidateQueries({ queryKey: ordiniKeys.all }),
  ]);
};

export function useDecisioni() {
  const { session } = useShopSession();
  const approva = useMutation({
    mutationFn: (v: Pick<InputOf<typeof approvazioniRotte.approva>, 'ordine_id' | 'righe'>) =>
      callApi(approvazioniRotte.approva, { ...scope(session), ...v }),
    onSettled: rileggi,
  });
  const rifiuta = useMutation({
    mutationFn: (v: { ordine_id: number; motivo: string }) => callApi(approvazioniRotte.rifiuta, { ...scope(session), ...v }),
    onSettled: rileggi,
  });
  return { approva, rifiuta };
}
