import type { auditApi } from '../audit.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/audit.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const auditRotte = rotteDi<typeof auditApi>({
  storico: { path: 'modifiche/read', methods: ['GET'] },
});
