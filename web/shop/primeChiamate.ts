import { sessioneQuery } from '../accesso/api';
import { queryClient } from '../lib/queryClient';
import { getSessionData, getUtente } from '../lib/storage';
import { fatturatoQuery } from '../ordini/api';
import { paths } from '../paths';
import { categorieQuery, ultimiOrdinatiQuery, volantiniQuery } from './api';

/**
 * The calls a customer page makes as soon as the shop frame renders, started before the first render
 * (main.tsx), so that they travel while the browser still fetches and runs the route's chunks instead
 * of after them: one round trip less before the flyer, the cards and the menu show. Their answers land
 * in the query cache under the same keys the components ask for (the same query options), and
 * TanStack Query joins a component's request to the one still in flight.
 * Only with a customer's session stored, only on a page of the shop frame (`negozio`); a session gone
 * on the server answers 401 here exactly as it would a moment later (back to the login).
 * The home's banners are left to the page: their list is never cached (staleTime 0) and would be asked twice.
 */
export function avviaPrimeChiamate(pathname: string, negozio: boolean): void {
  const session = getSessionData();
  if (!negozio || !session) return;
  void queryClient.prefetchQuery(sessioneQuery());
  void queryClient.prefetchQuery(categorieQuery());
  if (getUtente()?.fatturato_metrica === 1 && session.azienda_codice && session.cliente_codice) {
    void queryClient.prefetchQuery(fatturatoQuery(session.azienda_codice, session.cliente_codice));
  }
  if (pathname === paths.home.path || pathname === paths.home2.path) {
    void queryClient.prefetchQuery(volantiniQuery());
    if (session.azienda_codice && session.cliente_codice) void queryClient.prefetchQuery(ultimiOrdinatiQuery(session));
  }
}
