import type { catalogoApi } from '../catalogo.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/catalogo.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const catalogoRotte = rotteDi<typeof catalogoApi>({
  categorie: { path: 'categorie/list', methods: ['GET'] },
  marchi: { path: 'brand/list_new', methods: ['GET'] },
  marchio: { path: 'brand/info', methods: ['GET'] },
  volantini: { path: 'volantini/list', methods: ['GET'] },
  categoria: { path: 'prodotti/categoriawithcustominfo', methods: ['GET'] },
  volantino: { path: 'prodotti/volantinowithcustominfo', methods: ['GET'] },
  marchioProdotti: { path: 'prodotti/brandwithcustominfo', methods: ['GET'] },
  novita: { path: 'prodotti/novita', methods: ['GET'] },
  ricerca: { path: 'search/prodotti', methods: ['GET'] },
  ultimiOrdinati: { path: 'prodotti/ultimiordinati', methods: ['GET'] },
  casuali: { path: 'prodotti/random', methods: ['GET'] },
  custom: { path: 'prodotti/custom', methods: ['GET'] },
  dettaglio: { path: 'prodotti/details', methods: ['GET'] },
  perCodice: { path: 'search/prodottoByCodiceProdotto', methods: ['GET'] },
  modificaProdotto: { path: 'prodotto/edit', methods: ['POST'] },
  cambiaStatoCategoria: { path: 'categorie/toggle', methods: ['POST'] },
});
