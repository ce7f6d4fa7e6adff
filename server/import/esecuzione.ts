/** What a run of the import engine (importa.ts) is given and what it reports; the run's record (registro.ts) keeps both. */
import type { MappaColonne } from './colonne.js';
import type { Conteggi, ErroreRiga, Media, TipoImport } from './definizione.js';
import type { FormatoLetto } from './lettura/tipi.js';

export interface Autore {
  /** 'cli': npm run import; 'admin': the admin screen; 'api': the ERP's push. */
  origine: 'cli' | 'admin' | 'api';
  adminId?: number;
  /** The API token of an ERP push. */
  tokenId?: number;
  /** Who, in words: the admin's username, the token's name, the CLI's user and host. */
  nome: string;
}

export interface Avanzamento {
  /** The run's record (importazioni.id), open from the start: a screen can follow it. */
  id: number;
  fase: 'lettura' | 'verifica' | 'scrittura' | 'ricerca';
  /** Rows read so far (lettura), else the rows of the file. */
  righe: number;
  /** Reading: the share of the file read, 0–1 (when the reader knows it). */
  quota?: number;
}

export interface OpzioniImport {
  tipo: TipoImport;
  /** The file's name, for the record (no path needed). */
  file: string;
  autore: Autore;
  /** articoli: products missing from the file are withdrawn; prezzi_netti: see docs/import.md. */
  completo?: boolean;
  /** Validate and count only; nothing is written but the run's record. */
  prova?: boolean;
  /** Most refused rows, in percent of the rows read, before the whole file is refused (default 1). */
  soglia?: number;
  colonne?: MappaColonne;
  onProgress?: (a: Avanzamento) => void;
  /** A record opened when the file was queued (in-coda.ts): this run takes it over. */
  registro?: number;
  /** The media store, for the kinds that keep files (documenti); the others never touch it. */
  media?: Media;
}

export type StatoImport = 'applicata' | 'verificata' | 'rifiutata';

export interface RapportoImport extends Conteggi {
  id: number;
  tipo: TipoImport;
  file: string;
  stato: StatoImport;
  /** Why the file was refused (or what failed after it was applied). */
  motivo?: string;
  formato: FormatoLetto;
  colonneIgnorate: string[];
  righeLette: number;
  /** Rows refused (each may have more than one error). */
  scartate: number;
  /** In line order; at most ERRORI_REGISTRATI. */
  errori: ErroreRiga[];
  durataMs: number;
}
