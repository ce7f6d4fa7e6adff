import { MSG_TOKEN, tokenApi } from '../../shared/token.js';
import { routeGroup } from '../lib/route.js';
import { creaToken, elencoToken, revocaToken } from './token.service.js';

export const tokenRoutes = routeGroup(tokenApi, {
  elenco: async ({ deps }) => ({ token: await elencoToken(deps.db) }),
  crea: async ({ deps, input, admin }) => ({ status: 0, msg: MSG_TOKEN.creato, ...(await creaToken(deps.db, admin, input.nome)) }),
  revoca: async ({ deps, input, admin }) => revocaToken(deps.db, admin, input.id),
});
