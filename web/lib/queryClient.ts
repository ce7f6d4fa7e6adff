import { QueryClient } from '@tanstack/react-query';
import { erroreDefinitivo } from './api';

/** The one TanStack Query client of the SPA (server state lives here, not in a global store). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) and maintenance are answers, not glitches: never retried.
      retry: (failures, error) => !erroreDefinitivo(error) && failures < 1,
    },
    mutations: { retry: false },
  },
});
