import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { requireUtente } from '../auth/access.js';
import { preloadDellaSpa } from '../lib/manifest-spa.js';

/**
 * A customer's page opened as a page (a link, the address bar, a reload, the installed app): its HTML
 * names in a `Link: rel=preload` header what the SPA will ask for next whatever the page, so that it
 * travels with the entry's scripts instead of after they have run: the shop frame's scripts and
 * styles (web/shop/ShopLayout.tsx, a lazy route module, from the build's manifest) and the two calls
 * the frame makes on every page (the session, the category tree), which the SPA's own calls (same
 * address, same credentials) take. Only for a live customer session, and only the session's call while
 * its password is temporary (every other call answers 403 until it is changed). The
 * server knows no route of the SPA: a page's own module and calls are the router's (its loaders,
 * web/shop/caricatori.ts). docs/decisions/home2-primo-caricamento.md.
 */
const MODULI_NEGOZIO = ['shop/ShopLayout.tsx'];
const preload = (path: string) => `</api/${path}>; rel=preload; as=fetch; crossorigin`;

/** The Link header of a page's HTML, for the SPA built in `webDir` (none: no scripts to name). */
export function precaricaNegozio(
  webDir: string | undefined, log: FastifyBaseLogger,
): (req: FastifyRequest) => Promise<string | undefined> {
  if (!webDir) return async () => undefined;
  const { link, mancanti } = preloadDellaSpa(webDir)(MODULI_NEGOZIO);
  if (mancanti.length) log.warn({ moduli: mancanti }, 'Moduli della SPA assenti dal manifest: il preload della pagina non li nomina');
  const perCambioPassword = [...link, preload(accessoApi.sessione.path)].join(', ');
  const voci = [...link, preload(accessoApi.sessione.path), preload(catalogoApi.categorie.path)].join(', ');
  return async (req) => {
    // The check every customer call makes: no session, one ended, maintenance: nothing to name.
    const utente = await requireUtente(req).catch(() => null);
    if (!utente) return undefined;
    return utente.cambioPassword ? perCambioPassword : voci;
  };
}
