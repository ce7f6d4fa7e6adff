import type { codiciClienteApi } from '../codici-cliente.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/codici-cliente.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const codiciClienteRotte = rotteDi<typeof codiciClienteApi>({
  leggi: { path: 'codici-cliente/leggi', methods: ['GET'] },
  salva: { path: 'codici-cliente/salva', methods: ['POST'] },
  cancella: { path: 'codici-cliente/cancella', methods: ['POST'] },
});
