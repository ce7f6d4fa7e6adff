import { useSyncExternalStore } from 'react';
import { serviceStatus } from '../lib/api';
import './serviceBanner.css';

/**
 * The app-level notice while the server or its database cannot be reached (lib/api.ts tells when):
 * in the page flow above everything, so it pushes the content down instead of covering it, and
 * gone at the next call that succeeds. The live region stays mounted so that screen readers
 * announce the text when it appears.
 */
export function ServiceBanner() {
  const unavailable = useSyncExternalStore(serviceStatus.subscribe, serviceStatus.unavailable);
  return (
    <div role="status" className={unavailable ? 'service-banner' : undefined}>
      {unavailable && (
        <>
          <strong>Servizio momentaneamente non disponibile</strong>: riprova tra qualche istante.
        </>
      )}
    </div>
  );
}
