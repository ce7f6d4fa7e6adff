import type { FastifyRequest } from 'fastify';
import { agentiApi } from '../../shared/agenti.js';
import { agentiAdminApi } from '../../shared/agenti-admin.js';
import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import { hashToken, tokenSessione } from '../auth/sessioni.js';
import type { Deps } from '../deps.js';
import { unauthorized } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { portafoglio, provvigioniAgente, provvigioniCliente, schedaCliente } from './agenti.queries.js';
import { aggiungiPerCliente, agisciPer, delPortafoglio, soloAgente } from './agenti.service.js';
import { cambiaPortafoglio, cambiaStatoAgente, leggiAgenti, leggiPortafoglio, salvaAgente } from './agenti-admin.service.js';

/** The hash of the request's customer session token (the access rule found the session live). */
function sessioneDi(deps: Deps, req: FastifyRequest): string {
  const token = tokenSessione(req, 'cliente', deps.config.env);
  if (!token) throw unauthorized();
  return hashToken(token);
}

export const agentiRoutes = routeGroup(agentiApi, {
  clienti: async ({ deps, utente }) => {
    const agente = soloAgente(utente);
    const [clienti, provvigioni] = await Promise.all([portafoglio(deps.db, agente.id), provvigioniAgente(deps.db, agente.id)]);
    return { clienti, provvigioni };
  },
  cliente: async ({ deps, input, utente }) => {
    const agente = soloAgente(utente);
    const c = await delPortafoglio(deps.db, agente.id, input);
    const [scheda, provvigioni] = await Promise.all([schedaCliente(deps.db, c.id), provvigioniCliente(deps.db, agente.id, c.id)]);
    return { ...scheda, provvigioni };
  },
  entra: async ({ deps, input, req, utente }) => {
    const c = await delPortafoglio(deps.db, soloAgente(utente).id, input);
    await agisciPer(deps.db, deps.sessioniRecenti, sessioneDi(deps, req), utente, c.id);
    return { status: 0, msg: MSG_AGENTI.entrato(c.ragione_sociale), ...input, ragione_sociale: c.ragione_sociale };
  },
  aggiungi: async ({ deps, input, req, utente }) => {
    const c = await delPortafoglio(deps.db, soloAgente(utente).id, input);
    const { quantita, aggiunto } = await aggiungiPerCliente(deps.db, deps.sessioniRecenti, sessioneDi(deps, req), utente, c.id, input);
    return {
      status: 0, msg: aggiunto ? MSG_AGENTI.aggiunto(String(input.quantita), input.codice_prodotto, c.ragione_sociale) : MSG_AGENTI.giaAggiunto,
      azienda_codice: input.azienda_codice, cliente_codice: input.cliente_codice, ragione_sociale: c.ragione_sociale,
      codice_prodotto: input.codice_prodotto, quantita, aggiunto,
    };
  },
  esci: async ({ deps, req, utente }) => {
    soloAgente(utente);
    await agisciPer(deps.db, deps.sessioniRecenti, sessioneDi(deps, req), utente, null);
    return { status: 0, msg: MSG_AGENTI.uscito };
  },
});

export const agentiAdminRoutes = routeGroup(agentiAdminApi, {
  leggi: async ({ deps, input }) => leggiAgenti(deps.db, input),
  salva: async ({ deps, admin, input }) => salvaAgente(deps.db, deps.sessioniRecenti, admin, input),
  stato: async ({ deps, admin, input }) => cambiaStatoAgente(deps.db, deps.sessioniRecenti, admin, input.utente_id, input.attivo),
  portafoglio: async ({ deps, input }) => leggiPortafoglio(deps.db, input),
  cambiaPortafoglio: async ({ deps, admin, input }) => cambiaPortafoglio(deps.db, admin, input),
});
