/**
 * What the portal accepts as an upload (DESIGN §5): photos up to 10 MB, documents (attachments,
 * multimedia files) up to 50 MB, each kind judged from the file's bytes on the server. The
 * browser uses the same lists for its file pickers (`accept`) and its first checks.
 */
export const MB = 1024 * 1024;
export const MAX_FOTO_BYTES = 10 * MB;
export const MAX_DOCUMENTO_BYTES = 50 * MB;

/** The families of accepted files: a photo is an 'immagine', everything else a 'documento'. */
export type FamigliaFile = 'immagine' | 'documento';

/** Image kinds: [extension, MIME type]. jpg, png, gif and webp (SPEC §5; webp added by the issue). */
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

export const MSG_UPLOAD = {
  /** SPEC §8 (photos): a photo upload with something that is not an image. */
  soloImmagini: 'Per favore seleziona solo immagini.',
  /** SPEC §8 (attachments): an image, or a kind that is not accepted. */
  nonConsentito: 'Questo tipo di file non è consentito.',
  nessunFile: 'Nessun file ricevuto: seleziona almeno un file.',
  troppoGrande: (nome: string, maxBytes: number) =>
    `Il file "${nome}" supera la dimensione massima consentita (${Math.round(maxBytes / MB)} MB).`,
  troppiFile: (max: number) => `Troppi file in una volta (massimo ${max}).`,
  multipart: 'Invia i file come multipart/form-data.',
} as const;

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
