import { carrelloApi } from '../../shared/carrello.js';
import { routeGroup } from '../lib/route.js';
import { leggiCarrello, scriviCarrello, svuotaCarrello } from './carrello.service.js';

export const carrelloRoutes = routeGroup(carrelloApi, {
  leggi: async ({ deps, utente, cliente }) => leggiCarrello(deps.db, deps.catalogo, utente, cliente),
  salva: async ({ deps, utente, cliente, input }) => scriviCarrello(deps.db, deps.catalogo, utente, cliente, input.righe, 'sostituisci'),
  unisci: async ({ deps, utente, cliente, input }) => scriviCarrello(deps.db, deps.catalogo, utente, cliente, input.righe, 'unisci'),
  svuota: async ({ deps, utente, cliente }) => svuotaCarrello(deps.db, utente, cliente),
});
