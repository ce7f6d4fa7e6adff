import type { impostazioniApi } from '../impostazioni.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/impostazioni.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const impostazioniRotte = rotteDi<typeof impostazioniApi>({
  leggi: { path: 'impostazioni/read', methods: ['GET'] },
  aggiorna: { path: 'impostazioni/update', methods: ['POST'] },
});
