import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { MEDIA_BASE, mediaUrl, productImageChain } from '../../shared/indirizzi-media.js';
import { inputPagina, listaCategoria, listaRicerca, type ListaProdotti } from '../../shared/liste-prodotti.js';
import { pagingDi } from '../../shared/paginazione.js';
import { requireUtente } from '../auth/access.js';
import { tokenSessione } from '../auth/sessioni.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/errors.js';
import { preloadDellaSpa } from '../lib/manifest-spa.js';
import { categoriaIdByCodice, elencoVolantini } from './catalogo.service.js';
import { elencoCategoria } from './pagine.queries.js';
import { prezziDi } from './prezzi.js';
import { leggiProdotti } from './prodotti.queries.js';
import { cercaProdotti } from './ricerca.queries.js';

/**
 * A customer's page opened as a page (a link, the address bar, a reload, the installed app): its HTML
 * names in a `Link: rel=preload` header what the SPA will ask for next, so that it travels with the
 * page's own scripts instead of after they have run. Only with a customer session cookie: the
 * answers need one, and without one the SPA shows the login. docs/decisions/home2-primo-caricamento.md.
 * - Every customer page: the shop frame's scripts and styles (web/shop/ShopLayout.tsx, a lazy route
 *   module, asked by the router only once the entry has run); the pages most opened from outside,
 *   their page module's too (PAGINE_PRECARICATE).
 * - The home (/home, /home2, the installed app's start page): its page module; the calls it makes
 *   whatever client the user works for (the session, the category tree, the flyers), which the SPA's
 *   own calls (same address, same credentials) take; and the cover of the first flyer, the
 *   carousel's first picture and a phone's largest paint, which the browser would otherwise ask only
 *   once the flyers' answer is drawn. Nothing with a client's codes: the client chosen lives in the
 *   browser, which starts those calls before its first render (web/shop/primeChiamate.ts).
 * - The other pages of PAGINE_PRECARICATE (all drawn in the shop frame): the frame's calls (the
 *   session, the category tree), which the same SPA code asks on every shop page.
 * - A category or search page of a user with one client (the client is then known without the
 *   browser): the page's product call, at the address the SPA will ask (shared/liste-prodotti.ts),
 *   and the first card's picture, a phone's largest paint. A user with several clients chooses one
 *   in the browser: their list pages name no call.
 */
const MODULI_NEGOZIO = ['shop/ShopLayout.tsx'];
/**
 * The page module of the customer pages most opened from outside (a link, a bookmark, a reload, the
 * installed app), each loaded lazily by web/routes.tsx (the test checks that it still imports each
 * one, and that each pattern matches its page's path in web/paths.ts).
 */
export const PAGINE_PRECARICATE: readonly (readonly [RegExp, string])[] = [
  [/^\/home2?$/, 'shop/HomePage.tsx'],
  [/^\/(categoria\/[^/]+\/[^/]+|ricerca)$/, 'shop/prodotti/ListePagine.tsx'],
  [/^\/prodotto$/, 'shop/prodotto/ProdottoPage.tsx'],
  [/^\/checkout$/, 'checkout/CheckoutPage.tsx'],
  [/^\/ordine-rapido$/, 'checkout/OrdineRapidoPage.tsx'],
  [/^\/documenti$/, 'documenti/DocumentiPage.tsx'],
  [/^\/documenti\/fattura$/, 'documenti/FatturaPaPage.tsx'],
  [/^\/listino$/, 'listino/ListinoPage.tsx'],
  [/^\/situazione-contabile$/, 'contabilita/SituazioneContabilePage.tsx'],
];
const HOME = new Set(['/home', '/home2']);
const preloadChiamata = (c: { path: string }) => `</api/${c.path}>; rel=preload; as=fetch; crossorigin`;
/** What the shop frame asks on every page (the session, the category tree of menu and sidebar). */
const CHIAMATE_NEGOZIO = [accessoApi.sessione, catalogoApi.categorie].map(preloadChiamata);
const CHIAMATE_HOME = [...CHIAMATE_NEGOZIO, preloadChiamata(catalogoApi.volantini)];

/**
 * The page never waits long on the cover: with a database slow or gone (a connect can take up to
 * DB_CONNECT_TIMEOUT_SECONDS) the page leaves without it after this, and the SPA says what is wrong.
 */
const ATTESA_MAX_MS = 300;

/** The Link header of a page's HTML, for the SPA built in `webDir` (none: no scripts to name). */
export function precaricaNegozio(webDir: string | undefined, log: FastifyBaseLogger) {
  const dellaSpa = webDir ? preloadDellaSpa(webDir) : undefined;
  const spa = (moduli: string[]) => {
    if (!dellaSpa) return [];
    const { link, mancanti } = dellaSpa(moduli);
    if (mancanti.length) log.warn({ moduli: mancanti }, 'Moduli della SPA assenti dal manifest: il preload della pagina non li nomina');
    return link;
  };
  const negozio = spa(MODULI_NEGOZIO);
  const pagine = PAGINE_PRECARICATE.map(([percorso, modulo]) => [percorso, [...negozio, ...spa([modulo]).filter((l) => !negozio.includes(l))]] as const);
  return async (req: FastifyRequest, db: Db): Promise<string | undefined> => {
    if (!tokenSessione(req, 'cliente')) return undefined;
    const pagina = req.url.split('?')[0]!;
    const precaricata = pagine.find(([percorso]) => percorso.test(pagina))?.[1];
    // A page the SPA draws outside the shop frame (e.g. the dispatcher) gets the frame's modules only.
    if (!precaricata) return negozio.join(', ') || undefined;
    const voci = HOME.has(pagina) ? [...precaricata, ...CHIAMATE_HOME, ...(await copertina(db, req))]
      : [...precaricata, ...CHIAMATE_NEGOZIO, ...(await entroAttesa(listaDellaPagina(req, db), [], req, 'Prima pagina della lista non letta per il preload'))];
    return voci.length ? voci.join(', ') : undefined;
  };
}

/** What `lettura` gives within ATTESA_MAX_MS, else `altrimenti` (a failure is logged, never thrown). */
async function entroAttesa<T>(lettura: Promise<T>, altrimenti: T, req: FastifyRequest, errore: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const scaduta = new Promise<T>((resolve) => { timer = setTimeout(() => resolve(altrimenti), ATTESA_MAX_MS); });
  const letta = lettura.catch((err: unknown) => {
    req.log.warn({ err }, errore);
    return altrimenti;
  });
  const esito = await Promise.race([letta, scaduta]);
  clearTimeout(timer);
  return esito;
}

/** A media address as the browser resolves an image's src (spaces, accents, '<>' percent-encoded), for a header (plain ASCII). */
function preloadImmagine(url: string): string[] {
  if (!url.startsWith(MEDIA_BASE)) return [];
  const { pathname, search } = new URL(url, 'http://portale');
  return [`<${pathname}${search}>; rel=preload; as=image; fetchpriority=high`];
}

async function copertina(db: Db, req: FastifyRequest): Promise<string[]> {
  const primo = await entroAttesa(elencoVolantini(db).then(([v]) => v), undefined, req, 'Copertina del primo volantino non letta per il preload della home');
  return preloadImmagine(mediaUrl(primo?.cover_dir, primo?.cover_file));
}

/** The list a category or search page shows (as web/shop/primeChiamate.ts reads it from the address). */
function listaDellIndirizzo(pathname: string, params: URLSearchParams): ListaProdotti | null {
  const categoria = /^\/categoria\/([^/]+)\/[^/]+$/.exec(pathname);
  if (categoria) {
    try {
      return listaCategoria(decodeURIComponent(categoria[1]!));
    } catch {
      return null; // not an address the SPA writes (a malformed escape)
    }
  }
  return pathname === '/ricerca' ? listaRicerca(params.get('stringaRicerca') ?? '') : null;
}

/**
 * A list page's product call and its first product's picture. Only when the user
 * has one client: the scope the SPA sends is then that one. A session gone or the maintenance: nothing.
 */
async function listaDellaPagina(req: FastifyRequest, db: Db): Promise<string[]> {
  const url = new URL(req.url, 'http://portale');
  const lista = listaDellIndirizzo(url.pathname, url.searchParams);
  if (!lista) return [];
  const utente = await requireUtente(req).catch(() => undefined);
  const cliente = utente?.clienti.length === 1 ? utente.clienti[0]! : undefined;
  if (!cliente) return [];
  const { start, limit } = pagingDi(url.searchParams);
  const scope = { cod_azienda: cliente.aziendaCodice, cod_cliente: cliente.codice };
  const chiamata = lista.kind === 'categoria'
    ? { path: catalogoApi.categoria.path, input: inputPagina(scope, start, limit, { categoria_cod: lista.codCat }) }
    : lista.kind === 'ricerca' ? { path: catalogoApi.ricerca.path, input: inputPagina(scope, start, limit, { stringa: lista.stringa }) } : undefined;
  if (!chiamata) return [];
  const query = new URLSearchParams(Object.entries(chiamata.input).map(([k, v]): [string, string] => [k, String(v)]));
  const voci = [`</api/${chiamata.path}?${query.toString()}>; rel=preload; as=fetch; crossorigin`];
  // A category unknown or switched off answers 404 to the call too: no picture, nothing to log.
  voci.push(...await primaImmagine(req, db, cliente, lista, start, limit).catch(sePagina404));
  return voci;
}

function sePagina404(err: unknown): string[] {
  if (err instanceof HttpError && err.statusCode === 404) return [];
  throw err;
}

/**
 * The first card's picture of a list's page, found as the call then finds it: a category's ids from
 * the catalogue cache, a search's from the search's own cache (search_prodotti_cliente keeps the page
 * it finds, which the call then reads instead of searching again).
 */
async function primaImmagine(
  req: FastifyRequest, db: Db, cliente: ClienteSessione, lista: ListaProdotti, start: number, limit: number,
): Promise<string[]> {
  const { catalogo } = req.server.deps;
  const [primo] = lista.kind === 'categoria'
    ? await elencoCategoria(db, catalogo, await categoriaIdByCodice(db, catalogo, lista.codCat)).pagina(start, limit)
    : lista.kind === 'ricerca' ? (await cercaProdotti(db, lista.stringa, cliente.id, start, limit)).ids : [];
  if (primo === undefined) return [];
  const [prodotto] = await leggiProdotti(db, catalogo, prezziDi(cliente), [primo]);
  return prodotto ? preloadImmagine(productImageChain(prodotto)[0]!) : [];
}
