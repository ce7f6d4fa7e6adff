import { queryOptions, useMutation } from '@tanstack/react-query';
import { anagraficaRotte } from '../../../shared/rotte/anagrafica.js';
import type { BudgetUpsertRequest } from '../../../shared/budget.js';
import { budgetRotte } from '../../../shared/rotte/budget.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { storicoKeys } from '../storico/api';

/**
 * Calls of the admin client screens (docs/regole/admin.md#clients): the paged list with its search, the detail
 * (company, branches, users) and the monthly budgets (the 'Storico modifiche' is storico/api.ts).
 */
export const clientiKeys = {
  all: ['admin', 'clienti'] as const,
  list: (stringa: string, start: number, limit: number) => ['admin', 'clienti', 'list', stringa, start, limit] as const,
  /** Every client detail: they list their users. */
  dettagli: ['admin', 'clienti', 'dettaglio'] as const,
  dettaglio: (id: string) => ['admin', 'clienti', 'dettaglio', id] as const,
  budget: (id: number) => ['admin', 'clienti', 'budget', id] as const,
};

/** GET clienti/read: one page of clients and the total; with `stringa`, those that match it. */
export const clientiQuery = (stringa: string, start: number, limit: number) =>
  queryOptions({
    queryKey: clientiKeys.list(stringa, start, limit),
    queryFn: ({ signal }) => callApi(anagraficaRotte.clienti, { ...(stringa ? { stringa } : {}), start, limit }, { signal }),
    staleTime: 60_000,
  });

/**
 * GET clienti/details: the client with its company, branches and users. The id comes from the
 * URL as text: the contract checks it (an id that is not a number answers the contract's message).
 */
export const clienteQuery = (id: string) =>
  queryOptions({
    queryKey: clientiKeys.dettaglio(id),
    queryFn: ({ signal }) => callApi(anagraficaRotte.dettaglio, { cliente_id: id }, { signal }),
  });

/** GET budget/list: every budget row of the client (`azienda_id` is the client's id). */
export const budgetQuery = (clienteId: number) =>
  queryOptions({
    queryKey: clientiKeys.budget(clienteId),
    queryFn: ({ signal }) => callApi(budgetRotte.leggi, { azienda_id: clienteId }, { signal }),
    // The form is built from this answer: a refetch on focus must not wipe what is being typed.
    refetchOnWindowFocus: false,
  });

/** POST budget/upsert; reloads the client's budgets and its 'Storico modifiche' afterwards. */
export function useSalvaBudget(clienteId: number) {
  return useMutation({
    mutationFn: (budgets: BudgetUpsertRequest['budgets']) => callApi(budgetRotte.salva, { cliente_id: clienteId, budgets }),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: clientiKeys.budget(clienteId) }),
      queryClient.invalidateQueries({ queryKey: storicoKeys.di({ clienteId }) }),
    ]),
  });
}
