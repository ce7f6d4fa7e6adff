import { auditApi } from '../../shared/audit.js';
import { routeGroup } from '../lib/route.js';
import { storicoModifiche } from './audit.service.js';

export const auditRoutes = routeGroup(auditApi, {
  storico: async ({ deps, input }) => storicoModifiche(deps.db, {
    utenteId: input.utente_id, clienteId: input.cliente_id, start: input.start, limit: input.limit,
  }),
});
