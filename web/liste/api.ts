import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { listeRotte } from '../../shared/rotte/liste.js';
import { callApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';
import { useShopSession } from '../session/shopSession';

/**
 * The user's product lists (docs/regole/liste.md#lists): read once and cached by TanStack Query; every change
 * (create, rename, delete, add, remove) reloads them from the server.
 */
type Scope = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;

export const listeKeys = {
  all: ['liste'] as const,
  list: (s: Scope) => ['liste', s.azienda_codice, s.cliente_codice, s.utente_codice] as const,
};

export const listeQuery = (s: Scope) =>
  queryOptions({
    queryKey: listeKeys.list(s),
    queryFn: ({ signal }) =>
      callApi(listeRotte.leggi, {
        utente_codice: s.utente_codice, cliente_codice: s.cliente_codice, azienda_codice: s.azienda_codice,
      }, { signal }),
    staleTime: 5 * 60_000,
  });

/** The session's lists. */
export function useListe() {
  const { session } = useShopSession();
  return useQuery(listeQuery(session));
}

const reload = () => queryClient.invalidateQueries({ queryKey: listeKeys.all });

/** Create, rename, delete, add and remove, each reloading the lists when done. */
export function useListeMutations() {
  const { session } = useShopSession();
  const crea = useMutation({
    mutationFn: (v: { nome: string; descrizione?: string }) =>
      callApi(listeRotte.crea, {
        utente_codice: session.utente_codice, cliente_codice: session.cliente_codice, azienda_codice: session.azienda_codice,
        nome: v.nome, descrizione: v.descrizione ?? '',
      }),
    onSettled: reload,
  });
  const rinomina = useMutation({
    mutationFn: (v: { lista_id: number; nome: string }) => callApi(listeRotte.rinomina, v),
    onSettled: reload,
  });
  const cancella = useMutation({
    mutationFn: (v: { lista_id: number }) => callApi(listeRotte.cancella, v),
    onSettled: reload,
  });
  const aggiungi = useMutation({
    mutationFn: (v: { lista_id: number; prodotto_id: number }) => callApi(listeRotte.aggiungiProdotto, v),
    onSettled: reload,
  });
  const rimuovi = useMutation({
    mutationFn: (v: { lista_id: number; prodotto_id: number }) => callApi(listeRotte.rimuoviProdotto, v),
    onSettled: reload,
  });
  return { crea, rinomina, cancella, aggiungi, rimuovi };
}
