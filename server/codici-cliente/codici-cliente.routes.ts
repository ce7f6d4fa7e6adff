import { codiciClienteApi } from '../../shared/codici-cliente.js';
import { routeGroup } from '../lib/route.js';
import { cancellaCodiceCliente, leggiCodiciCliente, salvaCodiceCliente } from './codici-cliente.service.js';

export const codiciClienteRoutes = routeGroup(codiciClienteApi, {
  leggi: async ({ deps, input, cliente }) => ({ codici: await leggiCodiciCliente(deps.db, cliente.id, input.prodotti) }),
  salva: async ({ deps, input, cliente }) => salvaCodiceCliente(deps.db, cliente.id, input.codice_prodotto, input.codice),
  cancella: async ({ deps, input, cliente }) => {
    await cancellaCodiceCliente(deps.db, cliente.id, input.codice_prodotto);
    return { codice_prodotto: input.codice_prodotto };
  },
});
