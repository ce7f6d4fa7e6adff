import { queryOptions } from '@tanstack/react-query';
import type { Categoria, PaginaProdotti, Prodotto } from '../../shared/catalogo.js';
import { catalogoRotte } from '../../shared/rotte/catalogo.js';
import { codiciClienteRotte } from '../../shared/rotte/codici-cliente.js';
import type { MultimediaTipologia } from '../../shared/media-costanti.js';
import { mediaRotte } from '../../shared/rotte/media.js';
import { callApi } from '../lib/api';
import type { SessionData } from '../lib/storage';
import { inputPagina, type ListaProdotti, type Scope } from '../../shared/liste-prodotti.js';

/**
 * Catalogue calls of the shop (products, categories, brands, flyers, multimedia): fetchers and
 * queryOptions. Every product call is scoped to the session's company and client codes.
 */

export const scopeOf = (s: SessionData): Scope => ({ cod_azienda: s.azienda_codice, cod_cliente: s.cliente_codice });

export const shopKeys = {
  all: ['shop'] as const,
  categorie: ['shop', 'categorie'] as const,
  brand: ['shop', 'brand'] as const,
  brandInfo: (id: string) => ['shop', 'brand', id] as const,
  volantini: ['shop', 'volantini'] as const,
  multimedia: (tipologia: MultimediaTipologia) => ['shop', 'multimedia', tipologia] as const,
  prodotti: (scope: Scope) => ['shop', 'prodotti', scope.cod_azienda, scope.cod_cliente] as const,
};

/** Brands and flyers change rarely: cached for the page's life (docs/regole/catalogo.md#spa-caches). */
const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

/** What a failed load of the categories says. */
export const MSG_CATEGORIE = 'Errore nel recupero delle categorie';

/**
 * The category tree is asked again on focus and every five minutes, so that a category an admin
 * disabled leaves the menu of a customer already in the shop (docs/regole/catalogo.md#disabled-category).
 */
export const categorieQuery = () =>
  queryOptions({
    queryKey: shopKeys.categorie,
    queryFn: async ({ signal }) => (await callApi(catalogoRotte.categorie, {}, { signal })).categorie,
    staleTime: 60_000,
    gcTime: Infinity,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
  });

/** brand/list_new, as a list sorted by name. */
export const brandQuery = () =>
  queryOptions({
    queryKey: shopKeys.brand,
    queryFn: async ({ signal }) => {
      const byCode = await callApi(catalogoRotte.marchi, {}, { signal });
      return Object.values(byCode).sort((a, b) => a.nome.localeCompare(b.nome, 'it'));
    },
    ...FOREVER,
  });

export const brandInfoQuery = (brandId: string) =>
  queryOptions({
    queryKey: shopKeys.brandInfo(brandId),
    queryFn: ({ signal }) => callApi(catalogoRotte.marchio, { brand_id: brandId }, { signal }),
    ...FOREVER,
    retry: false,
  });

export const volantiniQuery = () =>
  queryOptions({
    queryKey: shopKeys.volantini,
    queryFn: async ({ signal }) => (await callApi(catalogoRotte.volantini, {}, { signal })).volantini,
    staleTime: 5 * 60_000,
  });

/**
 * Banners and documents: what an admin uploads shows at the next page view, so the list is asked
 * again whenever a page shows it (the one in memory stays on screen meanwhile). The server keeps
 * no copy of these lists and the API answers carry no cache headers.
 */
export const multimediaQuery = (tipologia: MultimediaTipologia) =>
  queryOptions({
    queryKey: shopKeys.multimedia(tipologia),
    queryFn: ({ signal }) => callApi(mediaRotte.perTipologia, { tipologia }, { signal }),
    staleTime: 0,
  });

// ---------------------------------------------------------------------------------------------
// Product lists

type Pagina = { scope: Scope; start: number; limit: number; signal: AbortSignal };

/** The call of each paged list, with its own parameter. */
function paginaDi(lista: ListaProdotti, { scope, start, limit, signal }: Pagina): Promise<PaginaProdotti> {
  const input = <L extends object>(campo: L) => inputPagina(scope, start, limit, campo);
  switch (lista.kind) {
    case 'categoria':
      return callApi(catalogoRotte.categoria, input({ categoria_cod: lista.codCat }), { signal });
    case 'ricerca':
      return callApi(catalogoRotte.ricerca, input({ stringa: lista.stringa }), { signal });
    case 'marchio':
      return callApi(catalogoRotte.marchioProdotti, input({ brand_id: lista.brandId }), { signal });
    case 'volantino':
      return callApi(catalogoRotte.volantino, input({ volantino_id: lista.volantinoId }), { signal });
    case 'novita':
      return callApi(catalogoRotte.novita, input({}), { signal });
  }
}

export const paginaQuery = (scope: Scope, lista: ListaProdotti, start: number, limit: number) =>
  queryOptions({
    queryKey: [...shopKeys.prodotti(scope), 'pagina', lista, start, limit] as const,
    queryFn: ({ signal }) => paginaDi(lista, { scope, start, limit, signal }),
  });

/**
 * 'Ultimi Ordinati' of the home: the user's last ordered products, or random products when the
 * user has ordered nothing yet.
 */
export const ultimiOrdinatiQuery = (session: SessionData, limit = 12) =>
  queryOptions({
    queryKey: [...shopKeys.prodotti(scopeOf(session)), 'ultimi', session.utente_codice, limit] as const,
    queryFn: async ({ signal }): Promise<{ prodotti: Prodotto[]; casuali: boolean }> => {
      const scope = scopeOf(session);
      const ultimi = await callApi(catalogoRotte.ultimiOrdinati, { ...scope, cod_utente: session.utente_codice, limit }, { signal });
      if (ultimi.prodotti.length > 0) return { prodotti: ultimi.prodotti as Prodotto[], casuali: false };
      const random = await callApi(catalogoRotte.casuali, { ...scope, limit }, { signal });
      return { prodotti: random.prodotti as Prodotto[], casuali: true };
    },
    staleTime: 5 * 60_000,
  });

/** A product's details with the client's prices (the detail page refreshes what it got in state). */
export const dettaglioQuery = (scope: Scope, codice: string) =>
  queryOptions({
    queryKey: [...shopKeys.prodotti(scope), 'dettaglio', codice] as const,
    queryFn: async ({ signal }) =>
      (await callApi(catalogoRotte.dettaglio, { ...scope, codice_prodotto: codice }, { signal })).prodotto as Prodotto,
  });

/** The client's own code of one product (docs/regole/ordine-rapido.md#own-codes): '' when it has none. */
export const codiceClienteQuery = (scope: Scope, codice: string) =>
  queryOptions({
    queryKey: [...shopKeys.prodotti(scope), 'codice-cliente', codice] as const,
    queryFn: async ({ signal }) => {
      const r = await callApi(codiciClienteRotte.leggi, { azienda_codice: scope.cod_azienda, cliente_codice: scope.cod_cliente, prodotti: codice }, { signal });
      return r.codici.find((c) => c.codice_prodotto === codice)?.codice ?? '';
    },
  });

/** Sets (or changes) the client's own code of a product; '' clears it. */
export async function salvaCodiceCliente(scope: Scope, codiceProdotto: string, codice: string): Promise<void> {
  const s = { azienda_codice: scope.cod_azienda, cliente_codice: scope.cod_cliente, codice_prodotto: codiceProdotto };
  if (codice.trim() === '') await callApi(codiciClienteRotte.cancella, s);
  else await callApi(codiciClienteRotte.salva, { ...s, codice });
}

// ---------------------------------------------------------------------------------------------
// Helpers on the category tree

/** The tree without disabled categories (status ≠ 0). */
export function categorieAttive(tree: Categoria[]): Categoria[] {
  return tree.filter((c) => c.status === 0).map((c) => ({ ...c, figli: categorieAttive(c.figli) }));
}

/**
 * The tree the customer sees (categorieAttive), worked out once per answer for each screen that
 * shows it (TanStack Query keeps a `select` result while the data and the function are the same),
 * not on every render of the sidebar, the menu and the page.
 */
export const categorieAttiveQuery = () => queryOptions({ ...categorieQuery(), select: categorieAttive });

/** The cod_cat path from the root to `codCat` (empty when not found). */
export function percorsoCategoria(tree: Categoria[], codCat: string): Categoria[] {
  for (const c of tree) {
    if (c.cod_cat === codCat) return [c];
    const sub = percorsoCategoria(c.figli, codCat);
    if (sub.length) return [c, ...sub];
  }
  return [];
}
