import type { FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { requireUtente } from '../auth/access.js';

/**
 * A customer's page opened as a page (a link, the address bar, a reload, the installed app): its HTML
 * names in a `Link: rel=preload` header the two calls the shop frame makes on every page (the session,
 * the category tree), so that they travel with the entry's scripts instead of after those have run;
 * the SPA's own calls (same address, same credentials) take the answers. Only for a live customer
 * session, and only the session's call while its password is temporary (every other call answers 403
 * until it is changed). The scripts are index.html's (the shop frame is in the entry's chunks,
 * vite.config.ts); the server knows no route of the SPA: a page's own module and calls are the
 * router's (its loaders, web/shop/caricatori.ts). docs/decisions/home2-primo-caricamento.md.
 */
const preload = (path: string) => `</api/${path}>; rel=preload; as=fetch; crossorigin`;
const PER_CAMBIO_PASSWORD = preload(accessoApi.sessione.path);
const PER_NEGOZIO = [preload(accessoApi.sessione.path), preload(catalogoApi.categorie.path)].join(', ');

/** The Link header of a page's HTML. */
export async function precaricaNegozio(req: FastifyRequest): Promise<string | undefined> {
  // The check every customer call makes: no session, one ended, maintenance: nothing to name.
  const utente = await requireUtente(req).catch(() => null);
  if (!utente) return undefined;
  return utente.cambioPassword ? PER_CAMBIO_PASSWORD : PER_NEGOZIO;
}
