import { queryOptions } from '@tanstack/react-query';
import type { LoginClienteRequest } from '../../shared/accesso.js';
import { accessoRotte } from '../../shared/rotte/accesso.js';
import { organizzazioneRotte } from '../../shared/rotte/organizzazione.js';
import { utentiRotte } from '../../shared/rotte/utenti.js';
import { callApi } from '../lib/api';

/** Access calls: logins, logouts, session info and the maintenance check. */

export const accessoKeys = {
  sessione: ['accesso', 'sessione'] as const,
  sessioneBackend: ['accesso', 'sessione-backend'] as const,
};

/** GET manutenzione/check: 1 = the site is under maintenance. */
export const checkManutenzione = () => callApi(accessoRotte.manutenzione, {}, { on401: 'throw' });

export const loginCliente = (body: LoginClienteRequest) =>
  callApi(accessoRotte.loginCliente, body, { on401: 'throw' });

export const loginBackend = (body: { username: string; password: string }) =>
  callApi(accessoRotte.loginBackend, body, { on401: 'throw' });

export const logoutCliente = () => callApi(accessoRotte.logout, {}, { on401: 'throw' });
export const logoutBackend = () => callApi(accessoRotte.logoutBackend, {}, { on401: 'throw' });

/** The customer session on the server ({utente} like the login); 401 sends back to the login. */
export const sessioneQuery = () =>
  queryOptions({
    queryKey: accessoKeys.sessione,
    queryFn: ({ signal }) => callApi(accessoRotte.sessione, {}, { signal }),
    staleTime: 60_000,
  });

/** The admin session on the server ({utente: {id, username, nome, cognome, tipologia}}). */
export const sessioneBackendQuery = () =>
  queryOptions({
    queryKey: accessoKeys.sessioneBackend,
    queryFn: ({ signal }) => callApi(accessoRotte.sessioneBackend, {}, { signal }),
    staleTime: 60_000,
  });

/** 'Password dimenticata?': the same answer whether the address is an account or not. */
export const chiediResetPassword = (body: { email: string }) =>
  callApi(utentiRotte.passwordDimenticata, body, { on401: 'throw' });

/** The link's token and the new password; the user's sessions end. */
export const reimpostaPassword = (body: { token: string; nuova_password: string }) =>
  callApi(utentiRotte.reimpostaPassword, body, { on401: 'throw' });

/** An invitation's link and the chosen password (docs/regole/organizzazione.md#invites). */
export const accettaInvito = (body: { token: string; password: string }) =>
  callApi(organizzazioneRotte.accettaInvito, body, { on401: 'throw' });
