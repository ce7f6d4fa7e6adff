import { queryOptions } from '@tanstack/react-query';
import {
  loginBackendResponse, loginClienteResponse, sessioneAdminResponse, sessioneClienteResponse, statoManutenzione,
  type LoginClienteRequest,
} from '../../shared/accesso.js';
import { esito } from '../../shared/common.js';
import { api } from '../lib/api';

/** Access calls: logins, logouts, session info and the maintenance check (SPEC §7, DESIGN §4). */

export const accessoKeys = {
  sessione: ['accesso', 'sessione'] as const,
  sessioneBackend: ['accesso', 'sessione-backend'] as const,
};

/** GET manutenzione/check: 1 = the site is under maintenance. */
export const checkManutenzione = () => api.get('manutenzione/check', statoManutenzione, undefined, { on401: 'throw' });

export const loginCliente = (body: LoginClienteRequest) =>
  api.post('login/frontendfingerprint', loginClienteResponse, body, { on401: 'throw' });

export const loginBackend = (body: { username: string; password: string }) =>
  api.post('login/backend', loginBackendResponse, body, { on401: 'throw' });

export const logoutCliente = () => api.post('logout', esito, {}, { on401: 'throw' });
export const logoutBackend = () => api.post('logout/backend', esito, {}, { on401: 'throw' });

/** The customer session on the server ({utente} like the login); 401 sends back to the login. */
export const sessioneQuery = () =>
  queryOptions({
    queryKey: accessoKeys.sessione,
    queryFn: ({ signal }) => api.get('sessione', sessioneClienteResponse, undefined, { signal }),
    staleTime: 60_000,
  });

/** The admin session on the server ({utente: {id, username, nome, cognome, tipologia}}). */
export const sessioneBackendQuery = () =>
  queryOptions({
    queryKey: accessoKeys.sessioneBackend,
    queryFn: ({ signal }) => api.get('sessione/backend', sessioneAdminResponse, undefined, { signal }),
    staleTime: 60_000,
  });
