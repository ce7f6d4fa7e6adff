import { auditApi } from '../../shared/audit.js';
import { routeGroup } from '../lib/route.js';
import { storicoModifiche } from './audit.service.js';

export const auditRoutes = routeGroup(auditApi, {
  storico: async ({ deps, input }) => storicoModifiche(deps.db, {
    utenteId: input.utente_id,
    clienteId: input.cliente_id,
    entita: input.entita && input.entita_id ? { tipo: input.entita, id: input.entita_id } : undefined,
    start: input.start,
    limit: input.limit,
  }),
});
