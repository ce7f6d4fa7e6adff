import { queryOptions } from '@tanstack/react-query';
import { anagraficaRotte } from '../../../shared/rotte/anagrafica.js';
import { callApi } from '../../lib/api';

/** Calls of the admin 'Aziende' screen (`aziende/read`, docs/regole/admin.md#companies). */
export const aziendeKeys = {
  all: ['admin', 'aziende'] as const,
};

/** GET aziende/read: every company, by code, kept 5 minutes (companies rarely change). */
export const aziendeQuery = () =>
  queryOptions({
    queryKey: aziendeKeys.all,
    queryFn: ({ signal }) => callApi(anagraficaRotte.aziende, {}, { signal }),
    staleTime: 5 * 60_000,
  });
