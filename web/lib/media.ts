/**
 * Addresses of media files (docs/regole/catalogo.md#product-media: media base + dir + file). The server serves
 * them under /media/; a dir may or may not end with '/', a path may or may not start with it.
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

/** The last segment of a path: the name a downloaded file is saved under. */
export function fileName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? 'file';
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
