import { erpApi, MSG_ERP } from '../../shared/erp.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { ordiniErp, reinviaOrdine } from './ordini-erp.js';

export const erpRoutes = routeGroup(erpApi, {
  ordini: async ({ deps, input }) => ordiniErp(deps.db, input),
  reinvia: async ({ deps, input, admin }) => {
    if (!(await reinviaOrdine(deps.db, admin, input.ordine_id))) throw notFound(MSG_ERP.ordineSconosciuto);
    return { status: 0, msg: MSG_ERP.reinviato };
  },
});
