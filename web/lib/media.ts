// The addresses of media files are shared with the server (its preload of the home's first flyer).
export { MEDIA_BASE, mediaPath, mediaUrl } from '../../shared/indirizzi-media.js';

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
