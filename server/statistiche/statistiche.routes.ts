import { statisticheApi } from '../../shared/statistiche.js';
import { routeGroup } from '../lib/route.js';
import { statisticheOrdini } from './statistiche.service.js';

export const statisticheRoutes = routeGroup(statisticheApi, {
  leggi: async ({ deps, input }) => statisticheOrdini(deps.db, input.anno),
});
