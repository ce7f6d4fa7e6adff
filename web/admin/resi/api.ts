import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InputOf } from '../../../shared/contract.js';
import { resiRotte } from '../../../shared/rotte/resi.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

/** Calls of the admin 'Resi' screens (docs/regole/resi.md#states): the queue, the counter, one return and its steps. */
export type FiltriCoda = Omit<InputOf<typeof resiRotte.coda>, 'start' | 'limit'>;

export const codaQuery = (f: FiltriCoda, start: number, limit: number) => queryOptions({
  queryKey: ['admin', 'resi', 'coda', f, start, limit] as const,
  queryFn: ({ signal }) => callApi(resiRotte.coda, { ...f, start, limit }, { signal }),
});

export const conteggioResiQuery = () => queryOptions({
  queryKey: ['admin', 'resi', 'conteggio'] as const,
  queryFn: ({ signal }) => callApi(resiRotte.conteggio, {}, { signal }),
  staleTime: 0,
});

export const schedaQuery = (id: number) => queryOptions({
  queryKey: ['admin', 'resi', 'scheda', id] as const,
  queryFn: ({ signal }) => callApi(resiRotte.scheda, { id }, { signal }),
  staleTime: 0,
});

const rileggi = () => queryClient.invalidateQueries({ queryKey: ['admin', 'resi'] });

export function usePassiReso() {
  return {
    autorizza: useMutation({ mutationFn: (v: InputOf<typeof resiRotte.autorizza>) => callApi(resiRotte.autorizza, v), onSettled: rileggi }),
    rifiuta: useMutation({ mutationFn: (v: InputOf<typeof resiRotte.rifiuta>) => callApi(resiRotte.rifiuta, v), onSettled: rileggi }),
    ricevi: useMutation({ mutationFn: (id: number) => callApi(resiRotte.ricevi, { id }), onSettled: rileggi }),
    verifica: useMutation({ mutationFn: (v: InputOf<typeof resiRotte.verifica>) => callApi(resiRotte.verifica, v), onSettled: rileggi }),
    chiudi: useMutation({ mutationFn: (id: number) => callApi(resiRotte.chiudi, { id }), onSettled: rileggi }),
  };
}

export const politicaQuery = () => queryOptions({
  queryKey: ['admin', 'resi', 'politica'] as const,
  queryFn: ({ signal }) => callApi(resiRotte.politica, {}, { signal }),
  staleTime: 0,
});

/** Saves the policy; the answer (the policy as stored) replaces the cached one. */
export function useSalvaPolitica() {
  return useMutation({
    mutationFn: (p: InputOf<typeof resiRotte.salvaPolitica>) => callApi(resiRotte.salvaPolitica, p),
    onSuccess: (p) => queryClient.setQueryData(['admin', 'resi', 'politica'], p),
  });
}
