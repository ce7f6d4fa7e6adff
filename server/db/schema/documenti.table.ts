import { sql as dsql } from 'drizzle-orm';
import {
  check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiToken } from './accesso.table.js';
import { clienti } from './anagrafica.table.js';
import { importazioni } from './importazioni.table.js';
import { ordini } from './ordini.table.js';

/**
 * A delivery note, invoice or credit note the ERP sent (docs/regole/documenti.md). One per company,
 * type, number and year: Italian numbering restarts every year, so the same number in another year
 * is another document, and the same number again in the same year replaces the row (its files too).
 * The files live in the media store under '.documenti/' (never served under /media/).
 */
export const documenti = pgTable('documenti', {
  id: serial('id').primaryKey(),
  /** DDT | FATTURA | NOTA_CREDITO */
  tipo: text('tipo').notNull(),
  numero: text('numero').notNull(),
  data: date('data', { mode: 'string' }).notNull(),
  anno: smallint('anno').notNull().generatedAlwaysAs(dsql`extract(year from data)::smallint`),
  aziendaCodice: text('azienda_codice').notNull(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  imponibile: numeric('imponibile', { precision: 14, scale: 2 }).notNull(),
  iva: numeric('iva', { precision: 14, scale: 2 }).notNull(),
  totale: numeric('totale', { precision: 14, scale: 2 }).notNull(),
  /** For an invoice or credit note: the numbers of the DDT it bills (as the ERP numbers them). */
  ddt: text('ddt').array().notNull().default(dsql`'{}'::text[]`),
  /** Keys in the media store: the PDF, and the FatturaPA XML when sent. */
  pdf: text('pdf').notNull(),
  xml: text('xml'),
  /**
   * The FatturaPA's page (shared/documenti.ts fatturaPaLeggibile), read once when the XML came in,
   * so that documenti/fatturapa never parses the file (docs/decisions/fatturapa-lettura.md). NULL
   * with an XML: a document kept from before, read at its first view and stored then;
   * `{"illeggibile": msg}`: such an XML over the reading's limits (the page refused, once).
   */
  fatturapa: jsonb('fatturapa'),
  /** sha256 of the PDF's bytes, then the XML's: the same document sent again with the same files changes nothing (import kind documenti). */
  impronta: text('impronta'),
  /** Who sent it last: the API token of a push, or the import run that brought it (the ERP push's record). */
  tokenId: integer('token_id').references(() => apiToken.id, { onDelete: 'set null' }),
  importazioneId: integer('importazione_id').references(() => importazioni.id, { onDelete: 'set null' }),
  ricevutoAt: timestamp('ricevuto_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('documenti_numero_uq').on(t.aziendaCodice, t.tipo, t.anno, t.numero),
  // documenti/read: a client's documents, newest first (type, dates and number filter within it).
  index('documenti_cliente_data_idx').on(t.clienteId, t.data.desc(), t.id.desc()),
  // An order's chain: the invoices that bill a DDT by its number.
  index('documenti_ddt_idx').using('gin', t.ddt),
  check('documenti_tipo_ck', dsql`${t.tipo} IN ('DDT', 'FATTURA', 'NOTA_CREDITO')`),
]);

/** The portal orders a document refers to. */
export const documentiOrdini = pgTable('documenti_ordini', {
  documentoId: integer('documento_id').notNull().references(() => documenti.id, { onDelete: 'cascade' }),
  ordineId: integer('ordine_id').notNull().references(() => ordini.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.documentoId, t.ordineId] }),
  index('documenti_ordini_ordine_idx').on(t.ordineId),
]);
