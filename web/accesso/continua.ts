import type { UtenteLogin } from '../../shared/accesso.js';
import { removeStored, STORAGE_KEYS } from '../lib/storage';
import { paths } from '../paths';
import { startClientSession } from '../session/sessione';

/**
 * Where a customer goes once logged in (docs/regole/accesso.md#customer-login): with one client its session starts and the shop
 * opens at /home2; with several, the dispatcher lets them choose; an agent not acting for a client, /agente. Returns the path.
 */
export function dopoIlLogin(utente: UtenteLogin): string {
  // A sales agent: their portfolio, or the shop of the client their session acts for (docs/regole/agenti.md).
  if (utente.agente && !utente.agente.in_cliente) {
    removeStored(STORAGE_KEYS.sessionData);
    return paths.agente.path;
  }
  if (utente.clienti.length === 1) {
    startClientSession(utente, utente.clienti[0]);
    return paths.home2.path;
  }
  removeStored(STORAGE_KEYS.sessionData);
  return paths.dispatcher.path;
}

/** A password set by an admin must be replaced before anything else (docs/regole/accesso.md#temporary-passwords). */
export const passwordDaCambiare = (utente: Pick<UtenteLogin, 'cambio_password'> | null | undefined): boolean =>
  utente?.cambio_password === 1;
