import type { ordineRapidoApi } from '../ordine-rapido.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/ordine-rapido.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const ordineRapidoRotte = rotteDi<typeof ordineRapidoApi>({
  risolvi: { path: 'ordine-rapido/risolvi', methods: ['POST'] },
  risolviFile: { path: 'ordine-rapido/file', methods: ['POST'] },
  prodotti: { path: 'ordine-rapido/prodotti', methods: ['POST'] },
});
