import { erpApi, MSG_ERP } from '../../shared/erp.js';
import { routeGroup } from '../lib/route.js';
import { ordiniErp, reinviaOrdine } from './ordini-erp.js';

export const erpRoutes = routeGroup(erpApi, {
  ordini: async ({ deps, input }) => ordiniErp(deps.db, input),
  reinvia: async ({ deps, input, admin }) => {
    const ok = await reinviaOrdine(deps.db, admin, input.ordine_id);
    return ok ? { status: 0, msg: MSG_ERP.reinviato } : { status: 1, msg: MSG_ERP.ordineSconosciuto };
  },
});
