import { queryOptions } from '@tanstack/react-query';
import { statisticheRotte } from '../../../shared/rotte/statistiche.js';
import { callApi } from '../../lib/api';

/** Calls of the admin statistics (docs/regole/admin.md#statistics): the home chart and /admin/statistiche. */

export const statisticheKeys = {
  all: ['admin', 'statistiche'] as const,
  /** `null`: every year. */
  stats: (anno: number | null) => ['admin', 'statistiche', anno ?? 'tutti'] as const,
};

/**
 * GET ordini/stats: accepted orders and amounts per month, most bought products and most active
 * clients, of one year or (anno null) of every year.
 */
export const statisticheQuery = (anno: number | null) =>
  queryOptions({
    queryKey: statisticheKeys.stats(anno),
    queryFn: ({ signal }) => callApi(statisticheRotte.leggi, anno === null ? {} : { anno }, { signal }),
    staleTime: 60_000,
  });
