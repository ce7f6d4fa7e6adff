/** The kinds of import file and what each kind tells the engine (importa.ts). */
import type { z } from 'zod';
import type { Db, Sql } from '../db/client.js';
import type { CopyValue } from '../db/copy.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import type { Pacchetto } from './lettura/pacchetto.js';

export { TIPI_IMPORT, type TipoImport } from '../../shared/importazioni-costanti.js';
import type { TipoImport } from '../../shared/importazioni-costanti.js';

/** A field of a kind, named as the portal names it (docs/regole/import.md#import-kinds); its column in the file bears that name. */
export interface Campo {
  nome: string;
  obbligatorio?: boolean;
  /** Parses a non-empty cell (valori.ts). */
  schema: z.ZodType;
  /** The value of an empty cell; without it an empty cell is refused as missing. */
  vuoto?: unknown;
  /** Postgres type of its column in the staging table. */
  sql: string;
}

/** A refused row: its line in the file, the column as the file names it, the value, why. */
export interface ErroreRiga {
  riga: number;
  colonna?: string;
  valore?: string;
  messaggio: string;
}

export interface Conteggi {
  nuove: number;
  modificate: number;
  invariate: number;
  ritirate: number;
}

/**
 * What a kind's SQL works with: the run's transaction, where the temporary table `imp_righe`
 * holds the file's rows (riga, ok, esito and one column per field present), and the options.
 */
export interface Lavoro {
  /** The run's record (importazioni.id). */
  id: number;
  /** The connection of the run's transaction (its handle's $client): set-based SQL and COPY. */
  tx: Sql;
  /** The same transaction as a handle, for the domain functions that take one (the documenti kind closing returns). */
  db: Db;
  /** Fields present in the file (absent optional fields are left as they are). */
  presenti: Set<string>;
  completo: boolean;
  /** The file's name for each field, for error messages. */
  nomi: Map<string, string>;
  /** A kind read from a ZIP (`pacchetto`): the files its rows name. */
  pacchetto?: Pacchetto;
  /** A kind that writes files: the media store, and what it wrote there (FileDelLavoro). */
  media?: Media;
  file: FileDelLavoro;
}

/** The media store and a scratch folder on this host: what a kind that keeps files (documenti) needs. */
export interface Media {
  archivio: ArchivioMedia;
  tmpDir: string;
  /** The portal's address as customers open it (PUBLIC_URL): the links of the mails a kind queues (a return closed by a credit note). */
  urlPortale: string;
}

/**
 * Stored files are no part of the run's transaction: the engine removes the ones the run wrote
 * when it does not commit, and the ones it replaced once it has.
 */
export interface FileDelLavoro {
  scritti: string[];
  sostituiti: string[];
}

/** What an applied file changed, for the follow-ups after commit. */
export interface Applicato extends Conteggi {
  /** Catalogue products whose cached description changed (texts, codes, prices, visibility). */
  prodotti: number[];
  /** The category tree changed. */
  categorie: boolean;
  /** Codes of products whose searchable words may be new. */
  paroleNuove: string[];
  /** Enough changed that the whole vocabulary is rebuilt. */
  vocabolario: boolean;
}

export interface DefinizioneTipo {
  tipo: TipoImport;
  campi: Campo[];
  /** More fields by name (listini: pz1…pz99), with their definition. */
  modello?: { regex: RegExp; campo: (nome: string) => Campo };
  /** Fields that name a row's record: a record named twice in a file is refused the second time. */
  chiave: string[];
  /** Whether `--completo` means something for this kind. */
  completo?: boolean;
  /** The file is a ZIP of the sheet and the files its rows name (lettura/pacchetto.ts); the run needs the media store. */
  pacchetto?: boolean;
  /** Staging columns (after riga, ok) for the fields present, and a valid row's values for them. */
  staging(presenti: string[]): { colonne: { nome: string; sql: string }[]; valori: (r: Record<string, unknown>) => CopyValue[] };
  /** Refuses rows that name what the database does not have (marks them not ok). */
  verifica(l: Lavoro): Promise<ErroreRiga[]>;
  /**
   * Counts the ok rows that are new, changed and unchanged (and what completo would withdraw),
   * writing nothing outside the staging table; it may note each row's outcome in `esito` there
   * ('nuovo', 'cambiato', 'invariato') for applica.
   */
  classifica(l: Lavoro): Promise<Conteggi>;
  /** Writes the rows classified new or changed (and withdraws, with completo). */
  applica(l: Lavoro, c: Conteggi): Promise<Applicato>;
}
