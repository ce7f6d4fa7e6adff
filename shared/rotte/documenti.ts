import type { documentiApi } from '../documenti.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/documenti.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const documentiRotte = rotteDi<typeof documentiApi>({
  push: { path: 'documenti/push', methods: ['POST'] },
  leggi: { path: 'documenti/read', methods: ['GET'] },
  file: { path: 'documenti/file', methods: ['GET'] },
  fatturaPa: { path: 'documenti/fatturapa', methods: ['GET'] },
  zip: { path: 'documenti/zip', methods: ['GET'] },
});
