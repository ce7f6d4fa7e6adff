/**
 * Addresses of media files (docs/regole/catalogo.md#product-media: media base + dir + file). The server serves
 * them under /media/; a dir may or may not end with '/', a path may or may not start with it. Shared:
 * the SPA draws them, and the server names the home's first flyer in a preload header
 * (server/catalogo/precarica-negozio.ts), which the browser matches to the image by its exact address.
 */
import type { Prodotto } from './catalogo.js';
import { senzaFinali } from './stringhe.js';

export const MEDIA_BASE = '/media/';

/** /media/{path}, for a path relative to the media folder (foto_principale, info.foto…). */
export function mediaPath(path: string): string {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith(MEDIA_BASE)) return path;
  return MEDIA_BASE + path.replace(/^\/+/, '');
}

/** /media/{dir}/{file}, joining the two safely; '' when there is no file. */
export function mediaUrl(dir: string | null | undefined, file: string | null | undefined): string {
  if (!file) return '';
  const d = senzaFinali((dir ?? '').replace(/^\/+/, ''), '/');
  const f = file.replace(/^\/+/, '');
  return mediaPath(d ? `${d}/${f}` : f);
}

/** Shown when a product has no loadable picture (web/public). */
export const PLACEHOLDER_PRODOTTO = '/placeholder-prodotto.svg';

/** What a product picture needs: its code and its main photo, whole and small. */
export type ProdottoImmagine = Pick<Prodotto, 'codice_prodotto' | 'foto_principale' | 'foto_miniatura'>;

/**
 * The image chain of a product (docs/regole/catalogo.md#product-media): its main photo (the small copy, then the
 * original), else codart/{codice}/{codice}.jpg, else the placeholder. Never a broken image.
 * `src` shows another picture instead of the main photo (the product page's gallery).
 */
export function productImageChain(p: ProdottoImmagine, src?: string | null): string[] {
  const codice = encodeURIComponent(p.codice_prodotto);
  const foto = src ? [src] : [p.foto_miniatura, p.foto_principale];
  const chain = [
    ...foto.map((f) => (f ? mediaPath(f) : null)),
    `/media/codart/${codice}/${codice}.jpg`,
    PLACEHOLDER_PRODOTTO,
  ];
  return chain.filter((s, i): s is string => !!s && chain.indexOf(s) === i);
}
