/**
 * What the portal accepts as an upload (docs/regole/generale.md#uploads): photos up to 10 MB, documents (attachments,
 * multimedia files) up to 50 MB, each kind judged from the file's bytes on the server. The
 * browser uses the same lists for its file pickers (`accept`) and its first checks.
 */
import { numeroIt } from './formato.js';

export const MB = 1024 * 1024;
export const MAX_FOTO_BYTES = 10 * MB;
export const MAX_DOCUMENTO_BYTES = 50 * MB;
/** A product's photos and attachments sent together (prodotto/photo-upload): four largest documents. */
export const MAX_CARICAMENTO_MEDIA_BYTES = 200 * MB;
/**
 * The largest image kept, judged from its header before any decode: a small file can declare
 * 60000×60000 pixels (a decompression bomb, gigabytes once decoded). An animation counts every frame.
 */
export const MAX_LATO_IMMAGINE = 12_000;
export const MAX_PIXEL_IMMAGINE = 50_000_000;

/** The families of accepted files: a photo is an 'immagine', everything else a 'documento'. */
export type FamigliaFile = 'immagine' | 'documento';

/** Image kinds: [extension, MIME type]. jpg, png, gif and webp (docs/regole/generale.md#uploads). */
export const TIPI_IMMAGINE = [
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
] as const;

/** Document kinds: PDF, Office and OpenDocument files, zip archives, plain text and CSV. */
export const TIPI_DOCUMENTO = [
  ['pdf', 'application/pdf'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['doc', 'application/msword'],
  ['xls', 'application/vnd.ms-excel'],
  ['ppt', 'application/vnd.ms-powerpoint'],
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['odp', 'application/vnd.oasis.opendocument.presentation'],
  ['rtf', 'application/rtf'],
  ['zip', 'application/zip'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
] as const;

export type EstensioneImmagine = (typeof TIPI_IMMAGINE)[number][0];
export type EstensioneDocumento = (typeof TIPI_DOCUMENTO)[number][0];

/** For `<input type="file" accept>`: a first filter in the picker, never the check itself. */
export const ACCEPT_IMMAGINI = ['.jpg', '.jpeg', ...TIPI_IMMAGINE.slice(1).map(([e]) => `.${e}`)].join(',');
export const ACCEPT_DOCUMENTI = TIPI_DOCUMENTO.map(([e]) => `.${e}`).join(',');

const numero = (n: number) => numeroIt(n, 0, 3, 'da5');

export const MSG_UPLOAD = {
  /** A photo upload with something that is not an image. */
  soloImmagini: 'Per favore seleziona solo immagini.',
  /** An attachment that is an image, or a kind that is not accepted. */
  nonConsentito: 'Questo tipo di file non è consentito.',
  nessunFile: 'Nessun file ricevuto: seleziona almeno un file.',
  troppoGrande: (nome: string, maxBytes: number) =>
    `Il file "${nome}" supera la dimensione massima consentita (${Math.round(maxBytes / MB)} MB).`,
  /** The files of one request together over the call's total (Upload.maxTotale). */
  richiestaTroppoGrande: (maxTotale: number) =>
    `I file inviati insieme superano la dimensione massima consentita per una richiesta (${Math.round(maxTotale / MB)} MB): inviali in più volte.`,
  troppiFile: (max: number) => `Troppi file in una volta (massimo ${max}).`,
  immagineIlleggibile: (nome: string) => `L'immagine "${nome}" non è leggibile.`,
  immagineTroppoGrande: (nome: string, larghezza: number, altezza: number, fotogrammi: number) =>
    `L'immagine "${nome}" è troppo grande (${numero(larghezza)} × ${numero(altezza)} pixel${fotogrammi > 1 ? `, ${fotogrammi} fotogrammi` : ''}): `
    + `al massimo ${numero(MAX_LATO_IMMAGINE)} pixel per lato e ${MAX_PIXEL_IMMAGINE / 1_000_000} megapixel.`,
  multipart: 'Invia i file come multipart/form-data.',
} as const;

const ESTENSIONI: Record<FamigliaFile, ReadonlySet<string>> = {
  immagine: new Set(['jpeg', ...TIPI_IMMAGINE.map(([e]) => e)]),
  documento: new Set(TIPI_DOCUMENTO.map(([e]) => e)),
};

/**
 * The browser's first check of chosen files, by name and size (the server judges the bytes): the
 * message for the first file refused, or null. A photo that is no image: 'Per favore seleziona solo
 * immagini.'; a document of a kind not accepted (an image included): 'Questo tipo di file non è
 * consentito.'; all of them together over the call's total (`maxTotale`, as Upload's).
 */
export function primoControlloFile(
  famiglia: FamigliaFile, files: readonly { name: string; size: number }[], maxBytes: number, maxTotale = Infinity,
): string | null {
  for (const f of files) {
    const ext = f.name.includes('.') ? f.name.split('.').pop()!.toLowerCase() : '';
    if (!ESTENSIONI[famiglia].has(ext)) return famiglia === 'immagine' ? MSG_UPLOAD.soloImmagini : MSG_UPLOAD.nonConsentito;
    if (f.size > maxBytes) return MSG_UPLOAD.troppoGrande(f.name, maxBytes);
  }
  if (files.reduce((n, f) => n + f.size, 0) > maxTotale) return MSG_UPLOAD.richiestaTroppoGrande(maxTotale);
  return null;
}

/** The file name as the server stores it for display: a readable name, never a path. */
export function nomeFileSicuro(nome: string, max = 120): string {
  const base = nome.split(/[\\/]/).pop() ?? '';
  const pulito = base
    .normalize('NFC')
    // Control characters, and characters that mean something to a shell, a URL or a header.
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*%#;&$`'{}\[\]^~]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // No hidden files, no '..'.
    .replace(/^[.\s]+/, '')
    .replace(/\.{2,}/g, '.');
  return Array.from(pulito).slice(0, max).join('').trim();
}
