import type { prodottiMediaApi } from '../prodotti-media.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/prodotti-media.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const prodottiMediaRotte = rotteDi<typeof prodottiMediaApi>({
  carica: { path: 'prodotto/photo-upload', methods: ['POST'] },
  elenco: { path: 'prodotto/photo-get', methods: ['GET'] },
  cancella: { path: 'prodotto/photo-delete', methods: ['GET', 'POST'] },
  impostaPrincipale: { path: 'prodotto/set-photo-name', methods: ['GET', 'POST'] },
  nessunaPrincipale: { path: 'prodotto/reset-photo-name', methods: ['GET', 'POST'] },
  caricaFoto: { path: 'prodotti/media', methods: ['POST'] },
});
