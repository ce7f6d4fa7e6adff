import type { statisticheApi } from '../statistiche.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/statistiche.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const statisticheRotte = rotteDi<typeof statisticheApi>({
  leggi: { path: 'ordini/stats', methods: ['GET'] },
});
