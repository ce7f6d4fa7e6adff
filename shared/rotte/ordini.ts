import type { ordiniApi } from '../ordini.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/ordini.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const ordiniRotte = rotteDi<typeof ordiniApi>({
  verifica: { path: 'ordini/check', methods: ['POST'] },
  crea: { path: 'ordini/create', methods: ['POST'] },
  leggi: { path: 'ordini/read', methods: ['GET'] },
  elenca: { path: 'ordini/elenco', methods: ['GET'] },
  esporta: { path: 'ordini/esporta', methods: ['GET'] },
  anteprimaRiordino: { path: 'ordini/anteprimaRiordino', methods: ['GET'] },
  pdf: { path: 'ordini/pdf', methods: ['GET'] },
  fatturatoMensile: { path: 'ordini/statsByAziendaAndCliente', methods: ['GET'] },
});
