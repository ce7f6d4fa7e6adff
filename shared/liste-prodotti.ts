/**
 * The paged product lists of the shop (category, search, brand, flyer, new products): which list a
 * page shows, and the input of its page call, shared by the SPA (web/shop/api.ts) and the server,
 * which names a category's or a search's first call in the page's preload header
 * (server/catalogo/precarica-negozio.ts). No zod here: the shop's first load imports it.
 */

/** One of the paged product lists (category, search, brand, flyer, new products). */
export type ListaProdotti =
  | { kind: 'categoria'; codCat: string }
  | { kind: 'ricerca'; stringa: string }
  | { kind: 'marchio'; brandId: string }
  | { kind: 'volantino'; volantinoId: string }
  | { kind: 'novita' };

/** The list of a category page (/categoria/{cod_cat}/{nome}). */
export const listaCategoria = (codCat: string): ListaProdotti | null => (codCat ? { kind: 'categoria', codCat } : null);

/** The list of a search page: its text trimmed, at least 2 characters. */
export function listaRicerca(testo: string): ListaProdotti | null {
  const stringa = testo.trim();
  return stringa.length >= 2 ? { kind: 'ricerca', stringa } : null;
}

/** The codes every scoped call sends (the client the customer works for). */
export interface Scope {
  cod_azienda: string;
  cod_cliente: string;
}

/**
 * The input of a list's page call: the scope, the paging, then the list's own field. Its keys' order
 * is the order of the call's query string (web/lib/api.ts buildUrl), which a preload must match letter
 * by letter.
 */
export const inputPagina = <L extends object>(scope: Scope, start: number, limit: number, lista: L) => ({ ...scope, start, limit, ...lista });

