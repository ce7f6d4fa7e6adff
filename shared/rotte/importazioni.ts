import type { importazioniApi } from '../importazioni.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/importazioni.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const importazioniRotte = rotteDi<typeof importazioniApi>({
  carica: { path: 'importazioni/carica', methods: ['POST'] },
  rapporto: { path: 'importazioni/rapporto', methods: ['GET'] },
  push: { path: 'importazioni/push', methods: ['POST'] },
  esito: { path: 'importazioni/esito', methods: ['GET'] },
  storico: { path: 'importazioni/read', methods: ['GET'] },
  errori: { path: 'importazioni/errori', methods: ['GET'] },
});
