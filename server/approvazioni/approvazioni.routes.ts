import { approvazioniApi } from '../../shared/approvazioni.js';
import { MSG_APPROVAZIONI } from '../../shared/approvazioni-costanti.js';
import { consente } from '../../shared/organizzazione-costanti.js';
import { badRequest, forbidden } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { chiaveIdempotenza, creaOrdine } from '../ordini/ordini.service.js';
import { contaApprovazioni, elencoApprovazioni, unaApprovazione } from './approvazioni.queries.js';
import { approvaOrdine, rifiutaOrdine, urlPortale } from './approvazioni.service.js';

export const approvazioniRoutes = routeGroup(approvazioniApi, {
  elenco: async ({ deps, input, utente, cliente }) => elencoApprovazioni(deps.db, cliente.id, utente.id, cliente.vedePrezzi, input),
  conteggio: async ({ deps, utente, cliente }) => ({ totale: await contaApprovazioni(deps.db, cliente.id, utente.id) }),
  ordine: async ({ deps, input, cliente }) => {
    const r = await unaApprovazione(deps.db, cliente.id, input.ordine_id, cliente.vedePrezzi);
    if (!r) throw forbidden(MSG_APPROVAZIONI.sconosciuto);
    return r;
  },
  approva: async ({ deps, input, req, utente, cliente }) => approvaOrdine(deps.db, deps.config.erp, utente, cliente, input, req.log),
  rifiuta: async ({ deps, input, utente, cliente }) =>
    rifiutaOrdine(deps.db, utente, cliente, input.ordine_id, input.motivo, urlPortale(deps.config)),
  // Only for a role that may not confirm orders: the others confirm (or are held over their limits) with ordini/create.
  richiedi: async ({ deps, input, req, utente, cliente }) => {
    if (consente(cliente, 'ordinare')) throw forbidden(MSG_APPROVAZIONI.richiestaInutile);
    const key = chiaveIdempotenza(req.headers['idempotency-key'], input.idempotency_key);
    if (key === null) throw badRequest('Idempotency-Key non valida.');
    return creaOrdine(deps.db, deps.config.erp, utente, cliente, input, key, req.log, { richiesta: true, url: urlPortale(deps.config) });
  },
});
