import { listinoApi } from '../../shared/listino.js';
import { routeGroup } from '../lib/route.js';
import { esportaListino } from './esporta-listino.js';

export const listinoRoutes = routeGroup(listinoApi, {
  esporta: async ({ deps, input, utente, cliente }) => esportaListino(deps.esportazioni, deps.catalogo, utente, cliente, input),
});
