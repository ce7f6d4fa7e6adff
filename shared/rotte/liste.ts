import type { listeApi } from '../liste.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/liste.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const listeRotte = rotteDi<typeof listeApi>({
  leggi: { path: 'liste/read', methods: ['GET'] },
  crea: { path: 'liste/create', methods: ['GET', 'POST'] },
  rinomina: { path: 'liste/update', methods: ['GET', 'POST'] },
  cancella: { path: 'liste/delete', methods: ['GET', 'POST'] },
  aggiungiProdotto: { path: 'listaprodotti/adding', methods: ['GET', 'POST'] },
  rimuoviProdotto: { path: 'listaprodotti/remove', methods: ['GET', 'POST'] },
});
