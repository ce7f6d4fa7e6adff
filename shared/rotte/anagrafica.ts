import type { anagraficaApi } from '../anagrafica.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/anagrafica.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const anagraficaRotte = rotteDi<typeof anagraficaApi>({
  aziende: { path: 'aziende/read', methods: ['GET'] },
  clienti: { path: 'clienti/read', methods: ['GET'] },
  dettaglio: { path: 'clienti/details', methods: ['GET'] },
  cerca: { path: 'search/clienti', methods: ['GET'] },
});
