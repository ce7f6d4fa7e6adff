import type { listinoApi } from '../listino.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/listino.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const listinoRotte = rotteDi<typeof listinoApi>({
  esporta: { path: 'listino/export', methods: ['GET'] },
});
