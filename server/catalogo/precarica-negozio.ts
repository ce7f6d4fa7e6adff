import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { MEDIA_BASE, mediaUrl } from '../../shared/indirizzi-media.js';
import { tokenSessione } from '../auth/sessioni.js';
import type { Db } from '../db/client.js';
import { preloadDellaSpa } from '../lib/manifest-spa.js';
import { elencoVolantini } from './catalogo.service.js';

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
const CHIAMATE_HOME = [accessoApi.sessione, catalogoApi.categorie, catalogoApi.volantini]
  .map((c) => `</api/${c.path}>; rel=preload; as=fetch; crossorigin`);

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
    const moduli = pagine.find(([percorso]) => percorso.test(pagina))?.[1] ?? negozio;
    const voci = HOME.has(pagina) ? [...moduli, ...CHIAMATE_HOME, ...(await copertina(db, req))] : moduli;
    return voci.length ? voci.join(', ') : undefined;
  };
}

async function copertina(db: Db, req: FastifyRequest): Promise<string[]> {
  const lettura = elencoVolantini(db).then(([primo]) => primo, (err: unknown) => {
    req.log.warn({ err }, 'Copertina del primo volantino non letta per il preload della home');
    return undefined;
  });
  let timer: NodeJS.Timeout | undefined;
  const scaduta = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ATTESA_MAX_MS); });
  const primo = await Promise.race([lettura, scaduta]);
  clearTimeout(timer);
  const url = mediaUrl(primo?.cover_dir, primo?.cover_file);
  if (!url.startsWith(MEDIA_BASE)) return [];
  // The address as the browser resolves the image's src (spaces, accents, '<>' percent-encoded):
  // the preload is used only for that exact address, and a header value is plain ASCII.
  const { pathname, search } = new URL(url, 'http://portale');
  return [`<${pathname}${search}>; rel=preload; as=image; fetchpriority=high`];
}
