import type { LoaderFunctionArgs } from 'react-router-dom';
import { sessioneQuery } from '../accesso/api';
import { queryClient } from '../lib/queryClient';
import { getSessionData, getUtente } from '../lib/storage';
import { fatturatoQuery } from '../ordini/api';
import { pagingDi } from '../../shared/paginazione.js';
import { listaCategoria, listaRicerca, type ListaProdotti } from '../../shared/liste-prodotti.js';
import { categorieQuery, paginaQuery, scopeOf, ultimiOrdinatiQuery, volantiniQuery } from './api';

/*
 * The route loaders of the shop (web/routes.tsx): each starts the calls its screen will make as soon
 * as the router matches the route, while the route's lazy module is still on its way, so that data and
 * code travel together. They ask what the screens ask, with the same query options: TanStack Query
 * joins a screen's request to the one in flight and asks nothing again while an answer is fresh. A
 * loader answers nothing and never fails (prefetchQuery never rejects): the screens show their own
 * loading and error states. Only with a customer's session stored; a session gone on the server
 * answers 401 to the screen's own call (back to the login).
 */

/** The shop frame: the session, the category tree and, when the user sees it, the month's turnover. */
export function caricaNegozio() {
  const s = getSessionData();
  if (!s) return null;
  void queryClient.prefetchQuery(sessioneQuery());
  void queryClient.prefetchQuery(categorieQuery());
  if (s.azienda_codice && s.cliente_codice && getUtente()?.fatturato_metrica === 1) {
    void queryClient.prefetchQuery(fatturatoQuery(s.azienda_codice, s.cliente_codice));
  }
  return null;
}

/** The home: the flyers and the products last ordered. */
export function caricaHome() {
  const s = getSessionData();
  if (!s) return null;
  void queryClient.prefetchQuery(volantiniQuery());
  void queryClient.prefetchQuery(ultimiOrdinatiQuery(s));
  return null;
}

/**
 * A paged product list's page, as ProductListPage asks it (usePaging). The router waits for it: the
 * page is drawn with its whole grid, so that the router's scroll restoration (a reload, back from a
 * product) finds the page as tall as it was.
 */
function caricaLista(lista: (args: LoaderFunctionArgs, query: URLSearchParams) => ListaProdotti | null) {
  return async (args: LoaderFunctionArgs) => {
    const s = getSessionData();
    const query = new URL(args.request.url).searchParams;
    const l = lista(args, query);
    if (!s || !l) return null;
    const { start, limit } = pagingDi(query);
    await queryClient.prefetchQuery(paginaQuery(scopeOf(s), l, start, limit));
    return null;
  };
}

export const caricaCategoria = caricaLista(({ params }) => listaCategoria(params.id ?? ''));
export const caricaRicerca = caricaLista((_, query) => listaRicerca(query.get('stringaRicerca') ?? ''));
