import type { FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { MEDIA_BASE, mediaUrl } from '../../shared/indirizzi-media.js';
import { elencoVolantini } from './catalogo.service.js';
import type { Db } from '../db/client.js';
import { tokenSessione } from '../auth/sessioni.js';

/**
 * The customer's home (web/paths.ts: /home and /home2, the installed app's start page) opened as a
 * page: the first calls that page makes whatever client the user works for (the session, the
 * category tree, the flyers) are named in a `Link: rel=preload` header of its HTML, so that they leave
 * with the page instead of after the SPA's JavaScript has arrived and run. The SPA's own calls (same
 * address, same credentials) take these answers. Only with a customer session cookie: the answers
 * need one. Nothing with a client's codes: the client chosen lives in the browser, which starts those
 * calls before its first render (web/shop/primeChiamate.ts). docs/decisions/home2-primo-caricamento.md.
 *
 * With them, the cover of the first flyer (the home's carousel shows it first: on a phone it is the
 * page's largest paint), which the browser would otherwise ask only once the flyers' answer is drawn.
 */
const HOME = new Set(['/home', '/home2']);
const CHIAMATE = [accessoApi.sessione, catalogoApi.categorie, catalogoApi.volantini]
  .map((c) => `</api/${c.path}>; rel=preload; as=fetch; crossorigin`);

/** The Link header for the page this request asks, if it is the customer's home with a session. */
export async function precaricaHome(req: FastifyRequest, db: Db): Promise<string | undefined> {
  const pagina = req.url.split('?')[0]!;
  if (!HOME.has(pagina) || !tokenSessione(req, 'cliente')) return undefined;
  return [...CHIAMATE, ...(await copertina(db, req))].join(', ');
}

/**
 * The page never waits long on it: with a database slow or gone (a connect can take up to
 * DB_CONNECT_TIMEOUT_SECONDS) the page leaves without the cover after this, and the SPA says what is wrong.
 */
const ATTESA_MAX_MS = 300;

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
