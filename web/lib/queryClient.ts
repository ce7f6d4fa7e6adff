import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** The one TanStack Query client of the SPA (server state lives here, not in a global store). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) and maintenance are answers, not glitches: never retried.
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        !(error instanceof ApiError && error.maintenance) && failures < 1,
    },
    mutations: { retry: false },
  },
});
