/**
 * Addresses of media files (docs/regole/catalogo.md#product-media: media base + dir + file). The server serves
 * them under /media/; a dir may or may not end with '/', a path may or may not start with it. Shared:
 * the SPA draws them, and the server names the home's first flyer in a preload header
 * (server/catalogo/precarica-negozio.ts), which the browser matches to the image by its exact address.
 */
export const MEDIA_BASE = '/media/';

/** /media/{path}, for a path relative to the media folder (foto_principale, info.foto…). */
export function mediaPath(path: string): string {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith(MEDIA_BASE)) return path;
  return MEDIA_BASE + path.replace(/^\/+/, '');
}

/** /media/{dir}/{file}, joining the two safely; '' when there is no file. */
export function mediaUrl(dir: string | null | undefined, file: string | null | undefined): string {
  if (!file) return '';
  const d = (dir ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  const f = file.replace(/^\/+/, '');
  return mediaPath(d ? `${d}/${f}` : f);
}
