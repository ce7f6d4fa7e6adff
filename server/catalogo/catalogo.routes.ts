import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  brandInfoQuery, brandItem, brandListResponse, brandQuery, byCodiceQuery, categoriaQuery, categorieResponse,
  customQuery, dettaglioProdotto, listaProdotti, novitaQuery, paginaProdotti, prodottiByCodice, randomQuery,
  ultimiOrdinatiQuery, volantiniResponse, volantinoQuery, detailsQuery, searchQuery,
} from '../../shared/catalogo.js';
import type { ClienteSessione } from '../auth/session-user.js';
import type { Sql } from '../db/client.js';
import { forbidden, notFound } from '../lib/errors.js';
import { defineRoute } from '../lib/route.js';
import {
  alberoCategorie, categoriaIdByCodice, elencoMarchi, elencoVolantini, infoBrand, type Pagina, toPagina,
} from './catalogo.service.js';
import {
  type Elenco, elencoBrand, elencoCategoria, elencoNovita, elencoVolantino, idByCodice, prodottiCasuali, prodottiCustom,
  ultimiOrdinati,
} from './pagine.queries.js';
import { pricingOf } from './pricing.js';
import { loadProdotti } from './prodotti.queries.js';
import { cercaProdotti, ricercaSource } from './ricerca.queries.js';

const TAG = 'Catalogo';
interface PageInput { cod_azienda: string; cod_cliente: string; start: number; limit: number }
const scoped = (i: { cod_azienda?: string; cod_cliente?: string }) => ({ azienda: i.cod_azienda, cliente: i.cod_cliente });
/** The scope resolved a client for every route that names one. */
const must = (c: ClienteSessione | undefined) => {
  if (!c) throw forbidden();
  return c;
};

export async function catalogoRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    path: 'categorie/list', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Albero delle categorie attive', response: categorieResponse,
    handler: async ({ deps }) => ({ categorie: await alberoCategorie(deps.db, true) }),
  });
  defineRoute(app, {
    path: 'brand/list_new', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Marchi, indicizzati per brand_codice', response: brandListResponse,
    handler: async ({ deps }) => elencoMarchi(deps.db),
  });
  defineRoute(app, {
    path: 'brand/info', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Dati di un marchio (logo: cover_dir, cover_file)', input: brandInfoQuery, response: brandItem,
    handler: async ({ deps, input }) => infoBrand(deps.db, input.brand_id),
  });
  defineRoute(app, {
    path: 'volantini/list', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Volantini in corso', response: volantiniResponse,
    handler: async ({ deps }) => ({ volantini: await elencoVolantini(deps.db) }),
  });

  /** A paged product list of the client: the page of ids comes from `pagina`, prices from the scope. */
  const paged = <I extends z.ZodType<PageInput>>(
    path: string, summary: string, input: I, pagina: (sql: Sql, i: z.output<I>) => Promise<Pagina>,
  ) => defineRoute(app, {
    path, methods: ['GET'], access: 'cliente', tag: TAG, summary, input, response: paginaProdotti, scope: scoped,
    handler: async ({ deps, input: i, cliente }) =>
      toPagina(deps.sql, pricingOf(must(cliente)), await pagina(deps.sql, i), i.start, i.limit),
  });

  const page = async (e: Elenco, i: PageInput): Promise<Pagina> => {
    const [prodotti, totale] = await Promise.all([e.pagina(i.start, i.limit), e.totale()]);
    return { prodotti, totale };
  };
  paged('prodotti/categoriawithcustominfo', 'Prodotti di una categoria e delle sue sottocategorie, con i prezzi del cliente',
    categoriaQuery, async (sql, i) => page(elencoCategoria(sql, await categoriaIdByCodice(sql, i.categoria_cod)), i));
  paged('prodotti/volantinowithcustominfo', 'Prodotti di un volantino', volantinoQuery,
    async (sql, i) => page(elencoVolantino(sql, i.volantino_id), i));
  paged('prodotti/brandwithcustominfo', 'Prodotti di un marchio', brandQuery,
    async (sql, i) => page(elencoBrand(sql, i.brand_id), i));
  paged('prodotti/novita', 'Prodotti inseriti negli ultimi 30 giorni', novitaQuery,
    async (sql, i) => page(elencoNovita(sql), i));
  paged('search/prodotti', 'Ricerca per parole (anche parziali o con refusi), codici articolo, codici fornitore ed EAN',
    searchQuery, async (sql, i) => ({
      prodotti: ricercaSource(sql, i.stringa, i.start, i.limit),
      totaleVuota: async () => (await cercaProdotti(sql, i.stringa, i.start, i.limit)).total,
    }));

  defineRoute(app, {
    path: 'prodotti/ultimiordinati', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: "Prodotti ordinati più di recente dall'utente per il cliente", input: ultimiOrdinatiQuery,
    response: listaProdotti, scope: (i) => ({ ...scoped(i), utente: i.cod_utente }),
    handler: async ({ deps, input, cliente, utente }) => {
      const c = must(cliente);
      const ids = await ultimiOrdinati(deps.sql, utente.id, c.id, input.limit);
      return { prodotti: await loadProdotti(deps.sql, pricingOf(c), ids) };
    },
  });
  defineRoute(app, {
    path: 'prodotti/random', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Prodotti disponibili scelti a caso', input: randomQuery, response: listaProdotti, scope: scoped,
    handler: async ({ deps, input, cliente }) => ({
      prodotti: await loadProdotti(deps.sql, pricingOf(must(cliente)), await prodottiCasuali(deps.sql, input.limit)),
    }),
  });
  defineRoute(app, {
    path: 'prodotti/custom', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Prodotti con titolo o descrizione personalizzati', input: customQuery, response: listaProdotti, scope: scoped,
    handler: async ({ deps, input, cliente }) => ({
      prodotti: await loadProdotti(deps.sql, pricingOf(must(cliente)), await prodottiCustom(deps.sql, input.limit)),
    }),
  });
  defineRoute(app, {
    path: 'prodotti/details', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Scheda di un prodotto', input: detailsQuery, response: dettaglioProdotto, scope: scoped,
    handler: async ({ deps, input, cliente }) => {
      const id = await idByCodice(deps.sql, input.codice_prodotto);
      if (id === undefined) throw notFound(`Prodotto ${input.codice_prodotto} non trovato.`);
      const [prodotto] = await loadProdotti(deps.sql, pricingOf(must(cliente)), [id]);
      return { prodotto: prodotto! };
    },
  });
  defineRoute(app, {
    path: 'search/prodottoByCodiceProdotto', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Prodotto per codice esatto (senza codici cliente: il primo cliente dell’utente)',
    input: byCodiceQuery, response: prodottiByCodice, scope: scoped,
    handler: async ({ deps, input, cliente, utente }) => {
      const c = cliente ?? utente.clienti[0];
      if (!c) throw forbidden();
      const id = await idByCodice(deps.sql, input.codice_prodotto);
      return { prodotto: id === undefined ? [] : await loadProdotti(deps.sql, pricingOf(c), [id]) };
    },
  });
}
