import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import type { Deps } from '../deps.js';
import { inMaintenance } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { cancellaListaAttesa } from './dispositivi.js';
import { cambiaManutenzione } from './manutenzione.js';
import { loginBackend, loginCliente, toUtenteLogin } from './login.service.js';
import { chiudiSessione, cookieSessione, hashToken, tokenSessione, type TipoSessione } from './sessioni.js';

/** Path=/ and no Domain, Secure in production: what the `__Host-` prefix of its name requires there. */
const attributiCookie = (deps: Deps) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: deps.config.env === 'production' }) as const;

function impostaCookieSessione(deps: Deps, reply: FastifyReply, tipo: TipoSessione, token: string): void {
  reply.setCookie(cookieSessione(tipo, deps.config.env), token, { ...attributiCookie(deps), maxAge: deps.config.sessionTtlHours * 3600 });
}

const logout = (tipo: TipoSessione) =>
  async ({ req, reply, deps }: { req: FastifyRequest; reply: FastifyReply; deps: Deps }) => {
    // The browser drops its HTTP cache of the portal: whatever an older answer left there (before
    // no-store) is not read back by the next user of the PC. First, so that an error answer says it too.
    reply.header('clear-site-data', '"cache"');
    const token = tokenSessione(req, tipo, deps.config.env);
    if (token) {
      await chiudiSessione(deps.db, token, tipo);
      // At once in this process; the database's notice reaches the others.
      deps.sessioniRecenti.forget(hashToken(token));
    }
    // With the same attributes: a browser ignores a Set-Cookie for a __Host- name without them.
    reply.clearCookie(cookieSessione(tipo, deps.config.env), attributiCookie(deps));
    return { status: 0, msg: 'Logout effettuato.' };
  };

export const authRoutes = routeGroup(accessoApi, {
  loginCliente: async ({ input, req, reply, deps }) => {
    if (await deps.impostazioni.get('manutenzione')) throw inMaintenance();
    const { body, token } = await loginCliente(deps.db, deps.impostazioni, deps.config.sessionTtlHours, input, req.ip);
    if (token) impostaCookieSessione(deps, reply, 'cliente', token);
    return body;
  },
  loginBackend: async ({ input, req, reply, deps }) => {
    const { token, ...body } = await loginBackend(deps.db, deps.config.sessionTtlHours, input, req.ip);
    if (token) impostaCookieSessione(deps, reply, 'admin', token);
    return body;
  },
  logout: logout('cliente'),
  logoutBackend: logout('admin'),
  sessione: async ({ utente }) => ({ utente: toUtenteLogin(utente) }),
  sessioneBackend: async ({ admin }) => ({ utente: admin }),
  manutenzione: async ({ deps }) => ((await deps.impostazioni.get('manutenzione')) ? 1 : 0),
  cambiaManutenzione: async ({ deps, admin }) => ((await cambiaManutenzione(deps.db, deps.impostazioni, admin)) ? 1 : 0),
  cancellaTentativi: async ({ deps, admin }) => {
    await cancellaListaAttesa(deps.db, admin);
    return { status: 'success' as const };
  },
});
