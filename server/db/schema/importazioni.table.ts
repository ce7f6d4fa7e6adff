import { sql as dsql } from 'drizzle-orm';
import {
  bigserial, boolean, index, integer, numeric, pgTable, serial, text, timestamp,
} from 'drizzle-orm/pg-core';
import { adminUtenti, apiToken } from './accesso.table.js';

/**
 * One run of the importer (server/import/): the history the admin screen 'Importazioni' lists.
 * Written when the run starts (stato 'in_corso'; 'in_attesa' first for a file uploaded to the job
 * queue) and completed when it ends, outside the run's own transaction, so that a refused or
 * failed file leaves its record too.
 */
export const importazioni = pgTable('importazioni', {
  id: serial('id').primaryKey(),
  /** articoli | listini | giacenze | clienti | prezzi_netti | categorie | codici_cliente | sconti | metel | fido | scadenze */
  tipo: text('tipo').notNull(),
  /** The file's name as given (no path). */
  file: text('file').notNull(),
  /** Who ran it: 'cli' (npm run import), 'admin' (the screen), 'api' (the ERP's push). */
  origine: text('origine').notNull(),
  /** The admin for origine 'admin'; kept as a name too, like the audit trail. */
  adminId: integer('admin_id').references(() => adminUtenti.id, { onDelete: 'set null' }),
  autore: text('autore').notNull(),
  /** The API token of an ERP push (origine 'api'): only it reads the run's outcome. */
  tokenId: integer('token_id').references(() => apiToken.id, { onDelete: 'set null' }),
  /** An uploaded file waiting for its job: its key in the media store (.importazioni/…); null once it has run. */
  fileSalvato: text('file_salvato'),
  completo: boolean('completo').notNull().default(false),
  prova: boolean('prova').notNull().default(false),
  /** Largest share of refused rows (percent) before the whole file is refused. */
  soglia: numeric('soglia', { precision: 5, scale: 2 }).notNull(),
  /** in_attesa (queued) | in_corso | applicata | verificata (dry run) | rifiutata | fallita */
  stato: text('stato').notNull().default('in_corso'),
  /** Why a file was refused or a run failed, in Italian. */
  motivo: text('motivo'),
  righeLette: integer('righe_lette').notNull().default(0),
  /** While running: the phase ('lettura', 'verifica', 'scrittura', 'ricerca') and, reading, the share of the file read. */
  fase: text('fase'),
  percentuale: integer('percentuale'),
  nuove: integer('nuove').notNull().default(0),
  modificate: integer('modificate').notNull().default(0),
  invariate: integer('invariate').notNull().default(0),
  ritirate: integer('ritirate').notNull().default(0),
  scartate: integer('scartate').notNull().default(0),
  /** Columns of the file that no field of the kind takes. */
  colonneIgnorate: text('colonne_ignorate').array().notNull().default(dsql`'{}'::text[]`),
  iniziataAt: timestamp('iniziata_at', { withTimezone: true }).notNull().defaultNow(),
  finitaAt: timestamp('finita_at', { withTimezone: true }),
  durataMs: integer('durata_ms'),
}, (t) => [index('importazioni_iniziata_idx').on(t.iniziataAt.desc(), t.id.desc())]);

/**
 * The refused rows of a run with their line number (as the file shows it: the header is line 1)
 * and an Italian reason; at most ERRORI_REGISTRATI of them per run (importazioni.scartate has the
 * total), so that a wholly wrong file of 200,000 rows does not write 200,000 of these.
 */
export const importazioniErrori = pgTable('importazioni_errori', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  importazioneId: integer('importazione_id').notNull().references(() => importazioni.id, { onDelete: 'cascade' }),
  riga: integer('riga').notNull(),
  colonna: text('colonna'),
  valore: text('valore'),
  messaggio: text('messaggio').notNull(),
}, (t) => [index('importazioni_errori_importazione_idx').on(t.importazioneId, t.riga)]);
