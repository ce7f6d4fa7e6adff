import { matchPath } from 'react-router-dom';
import { sessioneQuery } from '../accesso/api';
import { queryClient } from '../lib/queryClient';
import { getSessionData, getUtente } from '../lib/storage';
import { fatturatoQuery } from '../ordini/api';
import { paths } from '../paths';
import { immaginePrincipale, prodottoFromState } from './prodotto/galleria';
import { pagingDi } from '../../shared/paginazione.js';
import { productImageChain } from '../../shared/indirizzi-media.js';
import { categorieQuery, paginaQuery, scopeOf, ultimiOrdinatiQuery, volantiniQuery } from './api';
import { listaCategoria, listaRicerca, type ListaProdotti } from '../../shared/liste-prodotti.js';

/**
 * The calls a customer page makes as soon as the shop frame renders, started before the first render
 * (main.tsx), so that they travel while the browser still fetches and runs the route's chunks instead
 * of after them: one round trip less before the menu, the flyer and the product cards show. Their
 * answers land in the query cache under the same keys the screens ask for (the same query options),
 * and TanStack Query joins a screen's request to the one still in flight.
 * Only with a customer's session stored, only on a page of the shop frame (`negozio`); a session gone
 * on the server answers 401 here exactly as it would a moment later (back to the login).
 * The home's banners are left to the page: their list is never cached (staleTime 0) and would be asked twice.
 */
export function avviaPrimeChiamate(location: { pathname: string; search: string; state: unknown }, negozio: boolean): void {
  const session = getSessionData();
  if (!negozio || !session) return;
  void queryClient.prefetchQuery(sessioneQuery());
  void queryClient.prefetchQuery(categorieQuery());
  if (!session.azienda_codice || !session.cliente_codice) return;
  if (getUtente()?.fatturato_metrica === 1) void queryClient.prefetchQuery(fatturatoQuery(session.azienda_codice, session.cliente_codice));

  const { pathname, search } = location;
  if (pathname === paths.home.path || pathname === paths.home2.path) {
    void queryClient.prefetchQuery(volantiniQuery());
    void queryClient.prefetchQuery(ultimiOrdinatiQuery(session));
    return;
  }
  if (pathname === paths.prodotto.path) {
    // The product travels in the history's state (a reload keeps it): its main picture, the page's
    // largest paint, asked now rather than once the page's module has come and drawn it.
    const prodotto = prodottoFromState(location.state);
    if (prodotto && Array.isArray(prodotto.media_foto)) chiediPresto(immaginePrincipale(prodotto));
    return;
  }
  // The page of a product list the URL asks, as ProductListPage asks it (usePaging).
  const params = new URLSearchParams(search);
  const lista = listaDellaPagina(pathname, params);
  if (!lista) return;
  const { start, limit } = pagingDi(params);
  const pagina = paginaQuery(scopeOf(session), lista, start, limit);
  void queryClient.prefetchQuery(pagina).then(() => {
    // The first card's picture is the page's largest paint on a phone: asked as soon as the list is
    // here, not once the route's chunks have arrived and the grid is drawn. Its <img> (ProductCard,
    // the same first address of the chain) takes it from the browser's image cache.
    const primo = queryClient.getQueryData(pagina.queryKey)?.prodotti[0];
    if (primo) chiediPresto(productImageChain(primo)[0]!);
  });
}

/** A picture asked ahead of the others; the page's <img> at that address takes it from the browser's cache. */
function chiediPresto(indirizzo: string): void {
  const immagine = new Image();
  immagine.fetchPriority = 'high';
  immagine.src = indirizzo;
}

/** The product list a category or search page shows (web/shop/prodotti/ListePagine.tsx), if it is one. */
function listaDellaPagina(pathname: string, params: URLSearchParams): ListaProdotti | null {
  const categoria = matchPath(paths.categoria.path, pathname);
  if (categoria) return listaCategoria(categoria.params.id ?? '');
  if (matchPath(paths.ricerca.path, pathname)) return listaRicerca(params.get('stringaRicerca') ?? '');
  return null;
}
