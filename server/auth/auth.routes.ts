import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  deleteAllResponse, loginBackendRequest, loginBackendResponse, loginClienteRequest, loginClienteResponse,
  sessioneAdminResponse, sessioneClienteResponse, statoManutenzione,
} from '../../shared/accesso.js';
import { esito } from '../../shared/common.js';
import { defineRoute } from '../lib/route.js';
import { requireUtente } from './access.js';
import { deleteAllAttempts } from './login-limits.js';
import { loginBackend, loginCliente, toUtenteLogin } from './login.service.js';
import { COOKIE_ADMIN, COOKIE_CLIENTE, deleteSession, hashToken, type TipoSessione } from './sessions.js';
import { inMaintenance } from '../lib/errors.js';

const TAG = 'Accesso';

function setSessionCookie(app: FastifyInstance, reply: FastifyReply, name: string, token: string): void {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.deps.config.env === 'production',
    maxAge: app.deps.config.sessionTtlHours * 3600,
  });
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    path: 'login/frontendfingerprint', methods: ['POST', 'GET'], access: 'public', tag: TAG,
    summary: 'Login cliente con impronta del dispositivo',
    input: loginClienteRequest, response: loginClienteResponse,
    handler: async ({ input, req, reply, deps }) => {
      if (await deps.impostazioni.get('manutenzione')) throw inMaintenance();
      const { body, token } = await loginCliente(deps, input, req.ip);
      if (token) setSessionCookie(app, reply, COOKIE_CLIENTE, token);
      return body;
    },
  });

  defineRoute(app, {
    path: 'login/backend', methods: ['POST', 'GET'], access: 'public', tag: TAG,
    summary: 'Login amministrazione', input: loginBackendRequest, response: loginBackendResponse,
    handler: async ({ input, req, reply, deps }) => {
      const { token, ...body } = await loginBackend(deps, input, req.ip);
      if (token) setSessionCookie(app, reply, COOKIE_ADMIN, token);
      return body;
    },
  });

  const logout = (tipo: TipoSessione, cookie: string) => async ({ req, reply }: { req: import('fastify').FastifyRequest; reply: FastifyReply }) => {
    const token = req.cookies[cookie];
    if (token) {
      await deleteSession(app.deps.db, token, tipo);
      // At once in this process; the database's notice reaches the others.
      app.deps.sessioniRecenti.forget(hashToken(token));
    }
    reply.clearCookie(cookie, { path: '/' });
    return { status: 0, msg: 'Logout effettuato.' };
  };
  defineRoute(app, {
    path: 'logout', methods: ['POST'], access: 'public', tag: TAG, summary: 'Logout cliente',
    response: esito, handler: logout('cliente', COOKIE_CLIENTE),
  });
  defineRoute(app, {
    path: 'logout/backend', methods: ['POST'], access: 'public', tag: TAG, summary: 'Logout amministrazione',
    response: esito, handler: logout('admin', COOKIE_ADMIN),
  });

  defineRoute(app, {
    path: 'sessione', methods: ['GET'], access: 'public', tag: TAG,
    summary: 'Utente della sessione cliente (ricarica della pagina)', response: sessioneClienteResponse,
    handler: async ({ req }) => ({ utente: toUtenteLogin(await requireUtente(req)) }),
  });
  defineRoute(app, {
    path: 'sessione/backend', methods: ['GET'], access: 'admin', tag: TAG,
    summary: 'Utente della sessione di amministrazione', response: sessioneAdminResponse,
    handler: async ({ admin }) => ({ utente: admin! }),
  });

  defineRoute(app, {
    path: 'manutenzione/check', methods: ['GET'], access: 'public', tag: TAG,
    summary: 'Stato della manutenzione (1 = attiva)', response: statoManutenzione,
    handler: async ({ deps }) => ((await deps.impostazioni.get('manutenzione')) ? 1 : 0),
  });
  defineRoute(app, {
    path: 'manutenzione/change', methods: ['GET', 'POST'], access: 'tecnico', tag: TAG,
    summary: 'Attiva o disattiva la manutenzione; risponde il nuovo stato', response: statoManutenzione,
    handler: async ({ deps }) => ((await deps.impostazioni.toggle('manutenzione')) ? 1 : 0),
  });
  defineRoute(app, {
    path: 'login_attempts/delete_all', methods: ['GET', 'POST'], access: 'tecnico', tag: TAG,
    summary: 'Azzera i tentativi di login falliti (sblocca gli account)', input: z.object({}),
    response: deleteAllResponse,
    handler: async ({ deps }) => ({ status: 'success', eliminati: await deleteAllAttempts(deps.db) }),
  });
}
