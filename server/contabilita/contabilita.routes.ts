import { contabilitaApi } from '../../shared/contabilita.js';
import { routeGroup } from '../lib/route.js';
import { impostaBlocco, situazioneCliente } from './contabilita.service.js';

export const contabilitaRoutes = routeGroup(contabilitaApi, {
  situazione: async ({ deps, cliente }) => situazioneCliente(deps.db, cliente.id),
  cliente: async ({ deps, input }) => situazioneCliente(deps.db, input.cliente_id),
  blocco: async ({ deps, admin, input }) => impostaBlocco(deps.db, admin, input.cliente_id, input.blocca_oltre_fido),
});
