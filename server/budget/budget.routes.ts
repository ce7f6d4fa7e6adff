import { budgetApi } from '../../shared/budget.js';
import { routeGroup } from '../lib/route.js';
import { leggiBudget, salvaBudget } from './budget.service.js';

export const budgetRoutes = routeGroup(budgetApi, {
  leggi: async ({ deps, input }) => ({ status: 0, data: await leggiBudget(deps.db, input.azienda_id, input.anno) }),
  salva: async ({ deps, admin, input }) => salvaBudget(deps.db, admin, input),
});
