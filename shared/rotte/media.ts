import type { mediaApi } from '../media.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/media.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const mediaRotte = rotteDi<typeof mediaApi>({
  carica: { path: 'multimedia/load', methods: ['GET'] },
  perTipologia: { path: 'multimedia/loadtipologia', methods: ['GET'] },
  crea: { path: 'multimedia/test', methods: ['POST'] },
  modifica: { path: 'multimedia/update', methods: ['GET', 'POST'] },
  sostituisciFile: { path: 'multimedia/file', methods: ['POST'] },
  ordina: { path: 'multimedia/ordina', methods: ['POST'] },
  cancella: { path: 'multimedia/delete', methods: ['GET', 'POST'] },
});
