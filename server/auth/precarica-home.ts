import type { FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { tokenSessione } from './sessioni.js';

/**
 * The customer's home (web/paths.ts: /home and /home2, the installed app's start page) opened as a
 * page: the first calls that page makes whatever client the user works for (the session, the
 * category tree, the flyers) are named in a `Link: rel=preload` header of its HTML, so that they leave
 * with the page instead of after the SPA's JavaScript has arrived and run. The SPA's own calls (same
 * address, same credentials) take these answers. Only with a customer session cookie: the answers
 * need one. Nothing with a client's codes: the client chosen lives in the browser, which starts those
 * calls before its first render (web/shop/primeChiamate.ts). docs/decisions/home2-primo-caricamento.md.
 */
const HOME = new Set(['/home', '/home2']);
const PRECARICA = [accessoApi.sessione, catalogoApi.categorie, catalogoApi.volantini]
  .map((c) => `</api/${c.path}>; rel=preload; as=fetch; crossorigin`)
  .join(', ');

/** The Link header for the page this request asks, if it is the customer's home with a session. */
export function precaricaHome(req: FastifyRequest): string | undefined {
  const pagina = req.url.split('?')[0]!;
  return HOME.has(pagina) && tokenSessione(req, 'cliente') ? PRECARICA : undefined;
}
