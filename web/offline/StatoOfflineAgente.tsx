import { lazy, Suspense } from 'react';

/** Loaded only in an agent's session: a customer's first load carries none of the offline queue. */
const StatoOffline = lazy(() => import('./modulo').then((m) => ({ default: m.StatoOffline })));

/** The agent's offline state in a header (./StatoOffline.tsx): nothing while it loads. */
export function StatoOfflineAgente() {
  return (
    <Suspense fallback={null}>
      <StatoOffline />
    </Suspense>
  );
}
