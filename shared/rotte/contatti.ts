import type { contattiApi } from '../contatti.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/contatti.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const contattiRotte = rotteDi<typeof contattiApi>({
  invia: { path: 'contatti/invia', methods: ['POST'] },
});
