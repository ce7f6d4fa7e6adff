import { dispositiviApi } from '../../shared/dispositivi.js';
import { routeGroup } from '../lib/route.js';
import { dispositiviUtente, impostaAutorizzazione, tuttiDispositivi } from './dispositivi.service.js';

export const dispositiviRoutes = routeGroup(dispositiviApi, {
  tutti: async ({ deps, input }) => ({ status: '0' as const, ...(await tuttiDispositivi(deps.db, input)) }),
  perUtente: async ({ deps, input }) => ({
    status: 'success' as const, ...(await dispositiviUtente(deps.db, { utenteId: input.user_id, start: input.start, limit: input.limit })),
  }),
  accetta: async ({ deps, admin, input }) => impostaAutorizzazione(deps.db, admin, input, 1),
  revoca: async ({ deps, admin, input }) => {
    const esito = await impostaAutorizzazione(deps.db, admin, input, 0);
    // This process forgets at once; the others on the database's notice.
    deps.sessioniRecenti.svuota();
    return esito;
  },
});
