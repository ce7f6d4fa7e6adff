/**
 * Where media files live: the local folder MEDIA_DIR or an S3-compatible bucket (MEDIA_STORE),
 * behind one interface. Product photos and their copies, multimedia documents and covers, the
 * import files waiting in the queue, the demo's files and (S3 only) the ERP's order files are all
 * written, read and removed through it, by key: a relative path such as 'prodotti/A1/foto-1a2b.jpg'.
 * Keys whose segment starts with a dot ('.importazioni/…', '.erp/…') are never served under /media/.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { TIPI_DOCUMENTO, TIPI_IMMAGINE } from '../../../shared/upload.js';
import { badRequest, HttpError } from '../errors.js';

/** What a download needs to know of a stored file before its bytes. */
export interface InfoFile {
  bytes: number;
  /** As the ETag header carries it (quoted; weak for the local folder, as @fastify/static made it). */
  etag: string;
  modificato: Date;
}

/** A byte range already checked against the file's size: first and last byte, both included. */
export interface Intervallo {
  inizio: number;
  fine: number;
}

/** A local file with a stored file's bytes, for a program that reads files (the import's process). */
export interface FileLocale {
  percorso: string;
  /** Removes the local copy (nothing for the local folder, where it is the stored file itself). */
  rilascia(): Promise<void>;
}

export interface ArchivioMedia {
  /** Stores the bytes of a local file under `chiave`; the local file stays where it is (the caller removes it). */
  salvaFile(chiave: string, percorso: string): Promise<void>;
  /** Stores bytes under `chiave`, replacing what was there; a reader sees the old file or the new one, never half. */
  salva(chiave: string, dati: Buffer | string): Promise<void>;
  /** The file's facts, undefined when there is none. */
  info(chiave: string): Promise<InfoFile | undefined>;
  /** The file's bytes (all, or one range) with its facts; undefined when there is none. */
  leggi(chiave: string, intervallo?: Intervallo): Promise<{ info: InfoFile; corpo: Readable } | undefined>;
  /** The file as a local file; throws when there is none. */
  fileLocale(chiave: string): Promise<FileLocale>;
  /** Removes files; a key without a file is no error. */
  cancella(chiavi: readonly string[]): Promise<void>;
  /** Lets go of connections (app close). */
  chiudi(): Promise<void>;
}

/**
 * The key of a media file: `dir` (as the rows store it, ending with '/') and `file` joined and
 * normalised, refused if it would leave the store's root ('../', an absolute path).
 */
export function chiaveMedia(dir: string, file: string): string {
  const chiave = path.posix.join(dir, file);
  if (chiave === '.' || chiave === '..' || chiave.startsWith('../') || chiave.startsWith('/') || chiave.endsWith('/') || chiave.includes('\0')) {
    throw badRequest('Percorso del file non valido.');
  }
  return chiave;
}

/**
 * Content types by extension: the kinds an upload may be (judged from their bytes, shared/upload.ts),
 * the demo's SVG drawings and the ERP's JSON; text in UTF-8. The same answers @fastify/static gave.
 */
const TIPI = new Map<string, string>([
  ...TIPI_IMMAGINE, ...TIPI_DOCUMENTO, ['jpeg', 'image/jpeg'], ['svg', 'image/svg+xml'], ['json', 'application/json'],
].map(([ext, tipo]) => [ext, tipo.startsWith('text/') || tipo === 'application/json' ? `${tipo}; charset=utf-8` : tipo]));

export function tipoDiChiave(chiave: string): string {
  const ext = path.posix.extname(chiave).slice(1).toLowerCase();
  return TIPI.get(ext) ?? 'application/octet-stream';
}

export const MSG_ARCHIVIO_NON_RAGGIUNGIBILE = 'Archivio dei file non raggiungibile: riprova tra qualche minuto.';

/** A store that does not answer (or refuses the portal's keys): 503, the cause kept for the log. */
export function archivioNonRaggiungibile(causa: unknown): HttpError {
  return Object.assign(new HttpError(503, 'archivio_non_raggiungibile', MSG_ARCHIVIO_NON_RAGGIUNGIBILE, { 'retry-after': '30' }), { cause: causa });
}
