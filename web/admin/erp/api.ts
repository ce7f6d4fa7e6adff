import { queryOptions, useMutation } from '@tanstack/react-query';
import { erpRotte } from '../../../shared/rotte/erp.js';
import type { InputOf } from '../../../shared/contract.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

/** Calls of the 'Ordini ERP' screen: the orders with their hand-over state, and the resend. */
export const erpKeys = {
  all: ['admin', 'erp'] as const,
  ordini: (stato: string, start: number, limit: number) => ['admin', 'erp', 'ordini', stato, start, limit] as const,
};

export type FiltroErp = NonNullable<InputOf<typeof erpRotte.ordini>['stato']> | '';

export const ordiniErpQuery = (stato: FiltroErp, start: number, limit: number) =>
  queryOptions({
    queryKey: erpKeys.ordini(stato, start, limit),
    queryFn: ({ signal }) => callApi(erpRotte.ordini, { ...(stato ? { stato } : {}), start, limit }, { signal }),
    // The jobs change these states in the background: a screen left open follows them.
    refetchInterval: 15_000,
  });

/** POST erp/ordini/reinvia; the list reloads (the order shows 'In attesa' until its job reports). */
export function useReinvia() {
  return useMutation({
    mutationFn: (ordineId: number) => callApi(erpRotte.reinvia, { ordine_id: ordineId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: erpKeys.all }),
  });
}
