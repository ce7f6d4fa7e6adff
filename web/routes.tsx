import type { ComponentType } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { PageSpinner } from './components/Spinner';
import { NotFoundPage } from './errors/NotFoundPage';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { PREPARA_OFFLINE } from './lib/datiSalvati';
import { paths } from './paths';
import { caricaCategoria, caricaHome, caricaNegozio, caricaRicerca } from './shop/caricatori';
import { ShopLayout } from './shop/ShopLayout';

/**
 * A route `lazy` that loads a screen in its own chunk:
 *   { path: paths.checkout.path, lazy: lazyPage(() => import('./shop/CheckoutPage'), (m) => m.CheckoutPage) }
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const loginPage = lazyPage(() => import('./accesso/LoginPage'), (m) => m.LoginPage);
const homePage = lazyPage(() => import('./shop/HomePage'), (m) => m.HomePage);
const liste = () => import('./shop/prodotti/ListePagine');
const media = () => import('./shop/media/MediaPage');
const novitaProdotti = lazyPage(liste, (m) => m.NovitaProdottiPage);

/**
 * The screens an agent needs in a shop with no signal (docs/regole/agenti.md#offline), loaded ahead
 * when web/offline asks (its event: it may not import the screens, which reach it),
 * so that the service worker holds their chunks: one never opened would not open offline.
 */
window.addEventListener(PREPARA_OFFLINE, () => {
  void Promise.all([
    import('./shop/HomePage'), liste(), import('./shop/prodotto/ProdottoPage'), import('./checkout/CheckoutPage'),
    import('./agente/AgentePage'), import('./agente/AgenteClientePage'),
  ]).catch(() => undefined);
});

/**
 * Customer pages, all inside the shop frame (session required), each in its own lazy chunk so that
 * the first load (the login) stays small. Replace ShopNotBuiltPage as screens land.
 */
const shopRoutes: RouteObject[] = [
  { path: paths.home.path, loader: caricaHome, lazy: homePage },
  { path: paths.home2.path, loader: caricaHome, lazy: homePage },
  { path: paths.categoria.path, loader: caricaCategoria, lazy: lazyPage(liste, (m) => m.CategoriaPage) },
  { path: paths.ricerca.path, loader: caricaRicerca, lazy: lazyPage(liste, (m) => m.RicercaPage) },
  { path: paths.prodotto.path, lazy: lazyPage(() => import('./shop/prodotto/ProdottoPage'), (m) => m.ProdottoPage) },
  { path: paths.checkout.path, lazy: lazyPage(() => import('./checkout/CheckoutPage'), (m) => m.CheckoutPage) },
  { path: paths.ordineRapido.path, lazy: lazyPage(() => import('./checkout/OrdineRapidoPage'), (m) => m.OrdineRapidoPage) },
  { path: paths.mieiDati.path, lazy: lazyPage(() => import('./account/MieiDatiPage'), (m) => m.MieiDatiPage) },
  { path: paths.laMiaAzienda.path, lazy: lazyPage(() => import('./organizzazione/LaMiaAziendaPage'), (m) => m.LaMiaAziendaPage) },
  { path: paths.situazioneContabile.path, lazy: lazyPage(() => import('./contabilita/SituazioneContabilePage'), (m) => m.SituazioneContabilePage) },
  { path: paths.ordini.path, lazy: lazyPage(() => import('./ordini/OrdiniPage'), (m) => m.OrdiniPage) },
  { path: paths.approvazioni.path, lazy: lazyPage(() => import('./approvazioni/ApprovazioniPage'), (m) => m.ApprovazioniPage) },
  { path: paths.preventivi.path, lazy: lazyPage(() => import('./preventivi/PreventiviPage'), (m) => m.PreventiviPage) },
  { path: paths.preventiviRichiedi.path, lazy: lazyPage(() => import('./preventivi/RichiediPreventivoPage'), (m) => m.RichiediPreventivoPage) },
  { path: paths.preventiviDettaglio.path, lazy: lazyPage(() => import('./preventivi/PreventivoDettaglioPage'), (m) => m.PreventivoDettaglioPage) },
  { path: paths.preventiviCliente.path, lazy: lazyPage(() => import('./preventivi-cliente/PreventiviClientePage'), (m) => m.PreventiviClientePage) },
  { path: paths.preventiviClienteDettaglio.path, lazy: lazyPage(() => import('./preventivi-cliente/PreventivoClientePage'), (m) => m.PreventivoClientePage) },
  { path: paths.preventiviClienteIntestazione.path, lazy: lazyPage(() => import('./preventivi-cliente/IntestazionePage'), (m) => m.IntestazionePage) },
  { path: paths.ordiniDettaglio.path, lazy: lazyPage(() => import('./ordini/OrdineDettaglioPage'), (m) => m.OrdineDettaglioPage) },
  { path: paths.documenti.path, lazy: lazyPage(() => import('./documenti/DocumentiPage'), (m) => m.DocumentiPage) },
  { path: paths.documentiFattura.path, lazy: lazyPage(() => import('./documenti/FatturaPaPage'), (m) => m.FatturaPaPage) },
  { path: paths.resi.path, lazy: lazyPage(() => import('./resi/ResiPage'), (m) => m.ResiPage) },
  { path: paths.resiNuovo.path, lazy: lazyPage(() => import('./resi/RichiediResoPage'), (m) => m.RichiediResoPage) },
  { path: paths.resiDettaglio.path, lazy: lazyPage(() => import('./resi/ResoDettaglioPage'), (m) => m.ResoDettaglioPage) },
  { path: paths.listino.path, lazy: lazyPage(() => import('./listino/ListinoPage'), (m) => m.ListinoPage) },
  { path: paths.liste.path, lazy: lazyPage(() => import('./liste/ListePage'), (m) => m.ListePage) },
  { path: paths.listeDettaglio.path, lazy: lazyPage(() => import('./liste/ListaDettaglioPage'), (m) => m.ListaDettaglioPage) },
  { path: paths.marchi.path, lazy: lazyPage(() => import('./shop/marchi/MarchiPage'), (m) => m.MarchiPage) },
  { path: paths.marchiProdotti.path, lazy: lazyPage(liste, (m) => m.MarchioProdottiPage) },
  { path: paths.novita.path, lazy: lazyPage(media, (m) => m.NovitaPage) },
  { path: paths.novitaProdotti.path, lazy: novitaProdotti },
  { path: paths.prodottiNovita.path, lazy: novitaProdotti },
  { path: paths.novitaDispatcher.path, lazy: lazyPage(() => import('./shop/media/NovitaDispatcherPage'), (m) => m.NovitaDispatcherPage) },
  { path: paths.nuoviInserimenti.path, lazy: lazyPage(media, (m) => m.NuoviInserimentiPage) },
  { path: paths.contatti.path, lazy: lazyPage(() => import('./account/ContattiPage'), (m) => m.ContattiPage) },
  { path: paths.volantini.path, lazy: lazyPage(media, (m) => m.VolantiniPage) },
  { path: paths.volantiniList.path, lazy: lazyPage(() => import('./shop/media/VolantiniListPage'), (m) => m.VolantiniListPage) },
  { path: paths.prodottiVolantino.path, lazy: lazyPage(liste, (m) => m.VolantinoProdottiPage) },
  { path: paths.tabelleComparative.path, lazy: lazyPage(media, (m) => m.TabelleComparativePage) },
  { path: paths.catalogo.path, lazy: lazyPage(media, (m) => m.CatalogoPage) },
  { path: paths.prodotti.path, lazy: lazyPage(() => import('./shop/prodotti/CategoriePage'), (m) => m.CategoriePage) },
];

/** Admin pages, inside the admin frame; the whole area is loaded lazily (its own chunks). */
const adminRoutes: RouteObject[] = [
  { path: paths.adminHome.path, lazy: lazyPage(() => import('./admin/AdminHomePage'), (m) => m.AdminHomePage) },
  { path: paths.adminAziende.path, lazy: lazyPage(() => import('./admin/aziende/AziendePage'), (m) => m.AziendePage) },
  { path: paths.adminClienti.path, lazy: lazyPage(() => import('./admin/clienti/ClientiPage'), (m) => m.ClientiPage) },
  { path: paths.adminClienteDettaglio.path, lazy: lazyPage(() => import('./admin/clienti/ClienteDettaglioPage'), (m) => m.ClienteDettaglioPage) },
  { path: paths.adminUtenti.path, lazy: lazyPage(() => import('./admin/utenti/UtentiPage'), (m) => m.UtentiPage) },
  { path: paths.adminUtenteDettaglio.path, lazy: lazyPage(() => import('./admin/utenti/UtenteDettaglioPage'), (m) => m.UtenteDettaglioPage) },
  { path: paths.adminCategorie.path, lazy: lazyPage(() => import('./admin/categorie/GestioneCategoriePage'), (m) => m.GestioneCategoriePage) },
  { path: paths.adminProdotti.path, lazy: lazyPage(() => import('./admin/prodotti/ProdottiPage'), (m) => m.ProdottiPage) },
  { path: paths.adminProdottoDettaglio.path, lazy: lazyPage(() => import('./admin/prodotti/ProdottoDettaglioPage'), (m) => m.ProdottoDettaglioPage) },
  { path: paths.adminProdottiCategoria.path, lazy: lazyPage(() => import('./admin/prodotti/ProdottiPage'), (m) => m.ProdottiPage) },
  { path: paths.adminProdottiCustom.path, lazy: lazyPage(() => import('./admin/prodotti/ProdottiCustomPage'), (m) => m.ProdottiCustomPage) },
  { path: paths.adminBanner.path, lazy: lazyPage(() => import('./admin/banner/BannerPage'), (m) => m.BannerPage) },
  { path: paths.adminMultimedia.path, lazy: lazyPage(() => import('./admin/multimedia/MultimediaPage'), (m) => m.MultimediaPage) },
  { path: paths.adminMultimediaDettaglio.path, lazy: lazyPage(() => import('./admin/multimedia/MultimediaDettaglioPage'), (m) => m.MultimediaDettaglioPage) },
  { path: paths.adminAgenti.path, lazy: lazyPage(() => import('./admin/agenti/AgentiPage'), (m) => m.AgentiPage) },
  { path: paths.adminAgenteDettaglio.path, lazy: lazyPage(() => import('./admin/agenti/AgenteDettaglioPage'), (m) => m.AgenteDettaglioPage) },
  { path: paths.adminPreventivi.path, lazy: lazyPage(() => import('./admin/preventivi/CodaPreventiviPage'), (m) => m.CodaPreventiviPage) },
  { path: paths.adminPreventivoDettaglio.path, lazy: lazyPage(() => import('./admin/preventivi/PreventivoAdminPage'), (m) => m.PreventivoAdminPage) },
  { path: paths.adminPreventivoNuovo.path, lazy: lazyPage(() => import('./admin/preventivi/NuovoPreventivoPage'), (m) => m.NuovoPreventivoPage) },
  { path: paths.adminOrdiniErp.path, lazy: lazyPage(() => import('./admin/erp/OrdiniErpPage'), (m) => m.OrdiniErpPage) },
  { path: paths.adminResi.path, lazy: lazyPage(() => import('./admin/resi/ResiAdminPage'), (m) => m.ResiAdminPage) },
  { path: paths.adminResoDettaglio.path, lazy: lazyPage(() => import('./admin/resi/ResoAdminPage'), (m) => m.ResoAdminPage) },
  // The technical staff's pages, behind their one guard (docs/regole/accesso.md#access).
  {
    lazy: lazyPage(() => import('./admin/SoloTecnico'), (m) => m.SoloTecnico),
    children: [
      { path: paths.adminImpostazioni.path, lazy: lazyPage(() => import('./admin/impostazioni/ImpostazioniPage'), (m) => m.ImpostazioniPage) },
      { path: paths.adminStatistiche.path, lazy: lazyPage(() => import('./admin/statistiche/StatistichePage'), (m) => m.StatistichePage) },
      { path: paths.adminUserDevices.path, lazy: lazyPage(() => import('./admin/dispositivi/DispositiviPage'), (m) => m.DispositiviPage) },
      { path: paths.adminImportazioni.path, lazy: lazyPage(() => import('./admin/importazioni/ImportazioniPage'), (m) => m.ImportazioniPage) },
    ],
  },
];

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Every route (docs/regole/generale.md#routes); any other path shows the not-found screen. */
export const routes: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageSpinner,
    children: [
      // The access screens are lazy too: a customer with a session opens the shop, and its first load
      // should not carry them (docs/decisions/home2-primo-caricamento.md).
      { path: paths.login.path, lazy: loginPage },
      { path: paths.loginAlias.path, lazy: loginPage },
      { path: paths.dispatcher.path, lazy: lazyPage(() => import('./accesso/DispatcherPage'), (m) => m.DispatcherPage) },
      { path: paths.manutenzione.path, lazy: lazyPage(() => import('./accesso/ManutenzionePage'), (m) => m.ManutenzionePage) },
      // Outside the shop frame: until the password is changed, the frame's calls answer 403.
      { path: paths.cambiaPassword.path, lazy: lazyPage(() => import('./accesso/CambiaPasswordPage'), (m) => m.CambiaPasswordPage) },
      { path: paths.passwordDimenticata.path, lazy: lazyPage(() => import('./accesso/PasswordDimenticataPage'), (m) => m.PasswordDimenticataPage) },
      { path: paths.reimpostaPassword.path, lazy: lazyPage(() => import('./accesso/ReimpostaPasswordPage'), (m) => m.ReimpostaPasswordPage) },
      { path: paths.invito.path, lazy: lazyPage(() => import('./accesso/InvitoPage'), (m) => m.InvitoPage) },
      // A sales agent's own pages, outside the shop frame (docs/regole/agenti.md).
      { path: paths.agente.path, lazy: lazyPage(() => import('./agente/AgentePage'), (m) => m.AgentePage) },
      { path: paths.agenteCliente.path, lazy: lazyPage(() => import('./agente/AgenteClientePage'), (m) => m.AgenteClientePage) },
      { path: paths.adminLogin.path, lazy: lazyPage(() => import('./accesso/AdminLoginPage'), (m) => m.AdminLoginPage) },
      { loader: caricaNegozio, Component: ShopLayout, children: shopRoutes },
      { lazy: lazyPage(() => import('./admin/AdminLayout'), (m) => m.AdminLayout), children: adminRoutes },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
