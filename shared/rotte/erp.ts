import type { erpApi } from '../erp.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/erp.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const erpRotte = rotteDi<typeof erpApi>({
  ordini: { path: 'erp/ordini', methods: ['GET'] },
  reinvia: { path: 'erp/ordini/reinvia', methods: ['POST'] },
});
