import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { accessoApi } from '../../shared/accesso.js';
import { catalogoApi } from '../../shared/catalogo.js';
import { tokenSessione } from '../auth/sessioni.js';
import type { AppConfig } from '../config.js';
import { preloadDellaSpa } from '../lib/manifest-spa.js';

/**
 * A customer's page opened as a page (a link, the address bar, a reload, the installed app): its HTML
 * names in a `Link: rel=preload` header what the SPA will ask for next whatever the page, so that it
 * travels with the entry's scripts instead of after they have run: the shop frame's scripts and
 * styles (web/shop/ShopLayout.tsx, a lazy route module, from the build's manifest) and the two calls
 * the frame makes on every page (the session, the category tree), which the SPA's own calls (same
 * address, same credentials) take. Only with a customer session cookie: the answers need one. The
 * server knows no route of the SPA: a page's own module and calls are the router's (its loaders,
 * web/shop/caricatori.ts). docs/decisions/home2-primo-caricamento.md.
 */
const MODULI_NEGOZIO = ['shop/ShopLayout.tsx'];
const CHIAMATE_NEGOZIO = [accessoApi.sessione, catalogoApi.categorie].map((c) => `</api/${c.path}>; rel=preload; as=fetch; crossorigin`);

/** The Link header of a page's HTML, for the SPA built in `webDir` (none: no scripts to name); `env` names the session cookie. */
export function precaricaNegozio(
  webDir: string | undefined, env: AppConfig['env'], log: FastifyBaseLogger,
): (req: FastifyRequest) => string | undefined {
  const { link, mancanti } = webDir ? preloadDellaSpa(webDir)(MODULI_NEGOZIO) : { link: [], mancanti: [] };
  if (mancanti.length) log.warn({ moduli: mancanti }, 'Moduli della SPA assenti dal manifest: il preload della pagina non li nomina');
  const voci = [...link, ...CHIAMATE_NEGOZIO].join(', ');
  return (req) => (tokenSessione(req, 'cliente', env) ? voci : undefined);
}
