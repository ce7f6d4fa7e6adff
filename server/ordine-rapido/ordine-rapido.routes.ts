import { ordineRapidoApi } from '../../shared/ordine-rapido.js';
import { routeGroup } from '../lib/route.js';
import { prodottiPerCarrello, risolviRighe } from './ordine-rapido.service.js';
import { leggiFile, leggiTesto } from './righe.js';

export const ordineRapidoRoutes = routeGroup(ordineRapidoApi, {
  risolvi: async ({ deps, input, cliente }) => risolviRighe(deps.db, cliente, leggiTesto(input.testo)),
  risolviFile: async ({ deps, files, cliente }) => risolviRighe(deps.db, cliente, await leggiFile(files[0])),
  prodotti: async ({ deps, input, cliente }) => ({ prodotti: await prodottiPerCarrello(deps.db, deps.catalogo, cliente, input.codici) }),
});
