import type { ComponentType } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { AdminLoginPage } from './accesso/AdminLoginPage';
import { DispatcherPage } from './accesso/DispatcherPage';
import { LoginPage } from './accesso/LoginPage';
import { ManutenzionePage } from './accesso/ManutenzionePage';
import { PageSpinner } from './components/Spinner';
import { NotFoundPage } from './errors/NotFoundPage';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { paths } from './paths';
import { ShopNotBuiltPage } from './shop/ShopNotBuiltPage';

/**
 * A route `lazy` that loads a screen in its own chunk:
 *   { path: paths.checkout.path, lazy: lazyPage(() => import('./shop/CheckoutPage'), (m) => m.CheckoutPage) }
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const homePage = lazyPage(() => import('./shop/HomePage'), (m) => m.HomePage);

/**
 * Customer pages, all inside the shop frame (session required), each in its own lazy chunk so that
 * the first load (the login) stays small. Replace ShopNotBuiltPage as screens land.
 */
const shopRoutes: RouteObject[] = [
  { path: paths.home.path, lazy: homePage },
  { path: paths.home2.path, lazy: homePage },
  { path: paths.categoria.path, Component: ShopNotBuiltPage },
  { path: paths.ricerca.path, Component: ShopNotBuiltPage },
  { path: paths.prodotto.path, Component: ShopNotBuiltPage },
  { path: paths.checkout.path, Component: ShopNotBuiltPage },
  { path: paths.mieiDati.path, Component: ShopNotBuiltPage },
  { path: paths.ordini.path, Component: ShopNotBuiltPage },
  { path: paths.ordiniDettaglio.path, Component: ShopNotBuiltPage },
  { path: paths.liste.path, Component: ShopNotBuiltPage },
  { path: paths.listeDettaglio.path, Component: ShopNotBuiltPage },
  { path: paths.marchi.path, Component: ShopNotBuiltPage },
  { path: paths.marchiProdotti.path, Component: ShopNotBuiltPage },
  { path: paths.novita.path, Component: ShopNotBuiltPage },
  { path: paths.novitaProdotti.path, Component: ShopNotBuiltPage },
  { path: paths.prodottiNovita.path, Component: ShopNotBuiltPage },
  { path: paths.novitaDispatcher.path, Component: ShopNotBuiltPage },
  { path: paths.nuoviInserimenti.path, Component: ShopNotBuiltPage },
  { path: paths.contatti.path, Component: ShopNotBuiltPage },
  { path: paths.volantini.path, Component: ShopNotBuiltPage },
  { path: paths.volantiniList.path, Component: ShopNotBuiltPage },
  { path: paths.prodottiVolantino.path, Component: ShopNotBuiltPage },
  { path: paths.tabelleComparative.path, Component: ShopNotBuiltPage },
  { path: paths.catalogo.path, Component: ShopNotBuiltPage },
  { path: paths.prodotti.path, Component: ShopNotBuiltPage },
];

const adminNotBuilt = lazyPage(() => import('./admin/AdminNotBuiltPage'), (m) => m.AdminNotBuiltPage);

/** Admin pages, inside the admin frame; the whole area is loaded lazily (its own chunks). */
const adminRoutes: RouteObject[] = [
  { path: paths.adminHome.path, lazy: lazyPage(() => import('./admin/AdminHomePage'), (m) => m.AdminHomePage) },
  { path: paths.adminAziende.path, lazy: adminNotBuilt },
  { path: paths.adminClienti.path, lazy: adminNotBuilt },
  { path: paths.adminClienteDettaglio.path, lazy: adminNotBuilt },
  { path: paths.adminUtenti.path, lazy: adminNotBuilt },
  { path: paths.adminUtenteDettaglio.path, lazy: adminNotBuilt },
  { path: paths.adminCategorie.path, lazy: adminNotBuilt },
  { path: paths.adminImpostazioni.path, lazy: adminNotBuilt },
  { path: paths.adminProdotti.path, lazy: adminNotBuilt },
  { path: paths.adminProdottoDettaglio.path, lazy: adminNotBuilt },
  { path: paths.adminProdottiCategoria.path, lazy: adminNotBuilt },
  { path: paths.adminProdottiCustom.path, lazy: adminNotBuilt },
  { path: paths.adminStatistiche.path, lazy: adminNotBuilt },
  { path: paths.adminBanner.path, lazy: adminNotBuilt },
  { path: paths.adminMultimedia.path, lazy: adminNotBuilt },
  { path: paths.adminMultimediaDettaglio.path, lazy: adminNotBuilt },
  { path: paths.adminUserDevices.path, lazy: adminNotBuilt },
];

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Every route of SPEC §2; any other path shows the not-found screen. */
export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageSpinner,
    children: [
      { path: paths.login.path, Component: LoginPage },
      { path: paths.loginAlias.path, Component: LoginPage },
      { path: paths.dispatcher.path, Component: DispatcherPage },
      { path: paths.manutenzione.path, Component: ManutenzionePage },
      { path: paths.adminLogin.path, Component: AdminLoginPage },
      { lazy: lazyPage(() => import('./shop/ShopLayout'), (m) => m.ShopLayout), children: shopRoutes },
      { lazy: lazyPage(() => import('./admin/AdminLayout'), (m) => m.AdminLayout), children: adminRoutes },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
