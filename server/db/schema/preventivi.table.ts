import { sql as dsql } from 'drizzle-orm';
import { bigserial, check, customType, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUtenti, utenti } from './accesso.table.js';
import { clienti } from './anagrafica.table.js';
import { ordini } from './ordini.table.js';

/**
 * Quotes between a customer and the wholesaler (issue 37, docs/regole/preventivi.md): one row per
 * quote, its one stored state (`stato`) from which both labels are derived (shared/preventivi-costanti.ts),
 * its latest version and validity, who of the staff has it in charge, and the order it became.
 */
export const preventivi = pgTable('preventivi', {
  id: serial('id').primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  aziendaCodice: text('azienda_codice').notNull(),
  anno: integer('anno').notNull(),
  progressivo: integer('progressivo').notNull(),
  /** P2026/000123: per company and year (preventivi_numeratori). */
  numero: text('numero').notNull(),
  /** Who asked (null: staff started it for the client, or the user was deleted). */
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  utenteNome: text('utente_nome').notNull().default(''),
  /** inviata | presa_in_carico | info_richiesta | offerta | revisione | accettata | ordinata | rifiutata | scaduta | annullata. */
  stato: text('stato').notNull().default('inviata'),
  /** The latest version sent by staff (0: only the request). */
  versione: integer('versione').notNull().default(0),
  /**
   * The latest version's line count and total at its quoted prices (null for version 0), kept by
   * triggers (server/preventivi/sql/preventivi_sintesi.sql, preventivi_righe_sintesi.sql) whoever
   * writes the lines, so that a list reads them with the row (docs/decisions/preventivi-elenco-piani.md).
   */
  righeN: integer('righe_n').notNull().default(0),
  totale: numeric('totale', { precision: 14, scale: 2 }),
  /** The validity of the latest version sent (null before the first). */
  scadeAt: timestamp('scade_at', { withTimezone: true }),
  presaAdminId: integer('presa_admin_id').references(() => adminUtenti.id, { onDelete: 'set null' }),
  presaNome: text('presa_nome'),
  presaAt: timestamp('presa_at', { withTimezone: true }),
  ordineId: integer('ordine_id').references(() => ordini.id, { onDelete: 'set null' }),
  /** Who accepted, and with which Idempotency-Key: the same request again answers the same order. */
  accettataUtenteId: integer('accettata_utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  accettataChiave: text('accettata_chiave'),
  /** The Idempotency-Key of staff opening it for the client (preventivi/crea): the same key again answers this quote. */
  creataChiave: text('creata_chiave'),
  motivoRifiuto: text('motivo_rifiuto'),
  /** When the expiry job's mails went (to the staff member in charge, to the customer). */
  avvisoStaffAt: timestamp('avviso_staff_at', { withTimezone: true }),
  avvisoClienteAt: timestamp('avviso_cliente_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('preventivi_numero_uq').on(t.aziendaCodice, t.anno, t.progressivo),
  // DESC NULLS FIRST is what ORDER BY … DESC means: the lists read these in order (docs/decisions/desc-index-nulls-order.md).
  index('preventivi_cliente_idx').on(t.clienteId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('preventivi_cliente_numero_idx').on(t.clienteId, t.numero),
  index('preventivi_cliente_aggiornati_idx').on(t.clienteId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('preventivi_aggiornati_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index('preventivi_ordine_idx').on(t.ordineId),
  uniqueIndex('preventivi_creata_chiave_uq').on(t.clienteId, t.creataChiave),
  check('preventivi_stato_ck', dsql`${t.stato} IN ('inviata', 'presa_in_carico', 'info_richiesta', 'offerta', 'revisione', 'accettata', 'ordinata', 'rifiutata', 'scaduta', 'annullata')`),
]);

/**
 * How many quotes each client has, kept by a trigger on preventivi (server/preventivi/sql/preventivi_conti_aggiorna.sql):
 * the list's total without a filter reads one row instead of counting the client's quotes. Only a new
 * quote changes it, and a new quote already waits on its company's numerator row, so it adds no wait.
 */
export const preventiviConti = pgTable('preventivi_conti', {
  clienteId: integer('cliente_id').primaryKey().references(() => clienti.id, { onDelete: 'cascade' }),
  n: integer('n').notNull(),
});

/** The last number given per company and year: taken with a row lock (INSERT … ON CONFLICT DO UPDATE), never twice. */
export const preventiviNumeratori = pgTable('preventivi_numeratori', {
  aziendaCodice: text('azienda_codice').notNull(),
  anno: integer('anno').notNull(),
  ultimo: integer('ultimo').notNull(),
}, (t) => [primaryKey({ columns: [t.aziendaCodice, t.anno] })]);

/** A version staff sent (n ≥ 1): read-only once written. Version 0 is the request itself and has no row here. */
export const preventiviVersioni = pgTable('preventivi_versioni', {
  id: serial('id').primaryKey(),
  preventivoId: integer('preventivo_id').notNull().references(() => preventivi.id, { onDelete: 'cascade' }),
  versione: integer('versione').notNull(),
  scadeAt: timestamp('scade_at', { withTimezone: true }).notNull(),
  adminId: integer('admin_id').references(() => adminUtenti.id, { onDelete: 'set null' }),
  adminNome: text('admin_nome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('preventivi_versioni_uq').on(t.preventivoId, t.versione)]);

/**
 * The lines of a version (0: as asked). A catalogue line has its product; a free line only a
 * description. Prices are per unit, net, VAT excluded: `prezzo_netto` the customer's net when the
 * version was made (what the saving is measured against), `prezzo` the quoted one (null in version 0).
 */
export const preventiviRighe = pgTable('preventivi_righe', {
  id: serial('id').primaryKey(),
  preventivoId: integer('preventivo_id').notNull().references(() => preventivi.id, { onDelete: 'cascade' }),
  versione: integer('versione').notNull(),
  posizione: integer('posizione').notNull(),
  codiceProdotto: text('codice_prodotto'),
  descrizione: text('descrizione').notNull(),
  quantita: integer('quantita').notNull(),
  prezzoObiettivo: numeric('prezzo_obiettivo', { precision: 14, scale: 3 }),
  notaCliente: text('nota_cliente').notNull().default(''),
  prezzoNetto: numeric('prezzo_netto', { precision: 14, scale: 3 }),
  prezzo: numeric('prezzo', { precision: 14, scale: 3 }),
  sconti: text('sconti'),
  /** The article asked, when staff offered another one in its place. */
  codiceOriginale: text('codice_originale'),
  giorniConsegna: integer('giorni_consegna'),
  nota: text('nota').notNull().default(''),
}, (t) => [index('preventivi_righe_versione_idx').on(t.preventivoId, t.versione, t.posizione)]);

/** The thread: the request's message, staff's answers and questions, revisions and refusals, by whom. */
export const preventiviMessaggi = pgTable('preventivi_messaggi', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  preventivoId: integer('preventivo_id').notNull().references(() => preventivi.id, { onDelete: 'cascade' }),
  /** cliente | staff | sistema. */
  autore: text('autore').notNull(),
  autoreNome: text('autore_nome').notNull(),
  /** richiesta | risposta | domanda | revisione | rifiuto | accettazione | presa | riapertura | scadenza. */
  tipo: text('tipo').notNull(),
  versione: integer('versione').notNull(),
  testo: text('testo').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('preventivi_messaggi_idx').on(t.preventivoId, t.id)]);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The files sent with a request (PDF or pictures, judged by their bytes; pictures without their metadata). */
export const preventiviAllegati = pgTable('preventivi_allegati', {
  id: serial('id').primaryKey(),
  preventivoId: integer('preventivo_id').notNull().references(() => preventivi.id, { onDelete: 'cascade' }),
  nome: text('nome').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  /**
   * The bytes themselves: a quote's files are the client's private papers, never under the public
   * /media/ store; only preventivi/allegato gives them, to the client and to staff.
   */
  contenuto: bytea('contenuto').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('preventivi_allegati_idx').on(t.preventivoId)]);
