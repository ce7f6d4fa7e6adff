import { agentiApi } from '../../shared/agenti.js';
import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import { routeGroup } from '../lib/route.js';
import { portafoglio, schedaCliente } from './agenti.queries.js';
import { agisciPer, delPortafoglio, soloAgente } from './agenti.service.js';

export const agentiRoutes = routeGroup(agentiApi, {
  clienti: async ({ deps, utente }) => ({ clienti: await portafoglio(deps.db, soloAgente(utente).id) }),
  cliente: async ({ deps, input, utente }) => {
    const c = await delPortafoglio(deps, soloAgente(utente).id, input);
    return schedaCliente(deps.db, c.id);
  },
  entra: async ({ deps, input, req, utente }) => {
    const c = await delPortafoglio(deps, soloAgente(utente).id, input);
    await agisciPer(deps, req, c.id);
    return { status: 0, msg: MSG_AGENTI.entrato(c.ragione_sociale), ...input, ragione_sociale: c.ragione_sociale };
  },
  esci: async ({ deps, req, utente }) => {
    soloAgente(utente);
    await agisciPer(deps, req, null);
    return { status: 0, msg: MSG_AGENTI.uscito };
  },
});
