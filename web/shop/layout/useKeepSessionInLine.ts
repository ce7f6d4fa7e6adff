import { useEffect } from 'react';
import type { UtenteLogin } from '../../../shared/accesso.js';
import { equalSessionData, sameClient, sessionDataFor } from '../../session/sessione';
import { removeStored, setSessionData, STORAGE_KEYS, useSessionData } from '../../lib/storage';

/**
 * After the server answered, the session's client must still be one of the user's clients
 * (an admin may have unlinked it); names and price list are refreshed from the server's copy.
 */
export function useKeepSessionInLine(server: UtenteLogin | undefined): void {
  const session = useSessionData();
  useEffect(() => {
    if (!server || !session) return;
    const fresh = server.clienti.map((c) => sessionDataFor(server, c)).find((c) => sameClient(c, session));
    if (!fresh) removeStored(STORAGE_KEYS.sessionData);
    else if (!equalSessionData(fresh, session)) setSessionData(fresh);
  }, [server, session]);
}
