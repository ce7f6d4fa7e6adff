import { sql as dsql } from 'drizzle-orm';
import {
  boolean, check, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { utenti } from './accesso.table.js';

export const aziende = pgTable('aziende', {
  id: serial('id').primaryKey(),
  codice: text('codice').notNull().unique(),
  ragioneSociale: text('ragione_sociale').notNull(),
});

/** A client account of a company; lisMaga is its price list number (0 = list 1). */
export const clienti = pgTable('clienti', {
  id: serial('id').primaryKey(),
  aziendaCodice: text('azienda_codice').notNull().references(() => aziende.codice, { onUpdate: 'cascade' }),
  codice: text('codice').notNull(),
  ragioneSociale: text('ragione_sociale').notNull(),
  email: text('email').notNull().default(''),
  telefono: text('telefono').notNull().default(''),
  partitaIva: text('partita_iva').notNull().default(''),
  lisMaga: smallint('lis_maga').notNull().default(1),
  /** Percentage discount on the list price, e.g. 5.5 = 5.5 %. */
  sconto: numeric('sconto', { precision: 5, scale: 2 }).notNull().default('0'),
  /** The credit line in euro (docs/regole/contabilita.md#credit-line); null: none granted. */
  fido: numeric('fido', { precision: 14, scale: 2 }),
  /** When the last `fido` or `scadenze` import named the client: orders after it are not yet invoiced. */
  contabilitaAggiornataAt: timestamp('contabilita_aggiornata_at', { withTimezone: true }),
  /** An order past the credit line is refused, not only warned about (set by the admin). */
  bloccaOltreFido: boolean('blocca_oltre_fido').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * What the admin's client search matches (code, name, e-mail; accents and case aside) and the
   * name it ranks by, kept with the row: computing them per candidate row cost ~10 µs each, most of
   * a broad search (server/anagrafica/clienti.queries.ts).
   */
  ricerca: text('ricerca').notNull()
    .generatedAlwaysAs(dsql`lower(f_unaccent(codice || ' ' || ragione_sociale || ' ' || email))`),
  nomeRicerca: text('nome_ricerca').notNull().generatedAlwaysAs(dsql`' ' || lower(f_unaccent(ragione_sociale))`),
}, (t) => [
  uniqueIndex('clienti_azienda_codice_uq').on(t.aziendaCodice, t.codice),
  index('clienti_ragione_sociale_trgm').using('gin', dsql`lower(${t.ragioneSociale}) gin_trgm_ops`),
  // search/clienti and clienti/read (server/anagrafica/clienti.queries.ts, the same expressions):
  // every word of a search in code, name or e-mail, accents and case aside; a code prefix as a
  // range in byte order; the unfiltered list page by name.
  index('clienti_ricerca_trgm').using('gin', dsql`${t.ricerca} gin_trgm_ops`),
  index('clienti_codice_c').on(dsql`(lower(${t.codice}) COLLATE "C")`),
  index('clienti_ragione_sociale_id').on(t.ragioneSociale, t.id),
]);

/** Branches (sedi) of a client. */
export const sedi = pgTable('sedi', {
  id: serial('id').primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  descrizione: text('descrizione').notNull(),
  indirizzo: text('indirizzo').notNull().default(''),
  cap: text('cap').notNull().default(''),
  citta: text('citta').notNull().default(''),
  provincia: text('provincia').notNull().default(''),
}, (t) => [index('sedi_cliente_idx').on(t.clienteId)]);

/**
 * Which clients a customer user may work for, and as what (docs/regole/organizzazione.md): the role
 * on that client (shared/organizzazione-costanti.ts RUOLI), the limits of an order and of a month's
 * orders (net, VAT excluded; NULL: none), whether net prices and documents are shown, and the
 * state (an invited person works once the link is used; a suspended one not at all).
 */
export const utentiClienti = pgTable('utenti_clienti', {
  utenteId: integer('utente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  ruolo: text('ruolo').notNull().default('titolare'),
  limiteOrdine: numeric('limite_ordine', { precision: 12, scale: 2 }),
  budgetMensile: numeric('budget_mensile', { precision: 12, scale: 2 }),
  vedePrezzi: boolean('vede_prezzi').notNull().default(true),
  vedeDocumenti: boolean('vede_documenti').notNull().default(true),
  stato: text('stato').notNull().default('attivo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.utenteId, t.clienteId] }),
  index('utenti_clienti_cliente_idx').on(t.clienteId),
  check('utenti_clienti_ruolo_ck', dsql`${t.ruolo} IN ('titolare', 'acquisti', 'operatore', 'consultazione')`),
  check('utenti_clienti_stato_ck', dsql`${t.stato} IN ('attivo', 'invitato', 'sospeso')`),
  check('utenti_clienti_limiti_ck', dsql`${t.limiteOrdine} >= 0 AND ${t.budgetMensile} >= 0`),
]);

/** Monthly budget of a client. */
export const budget = pgTable('budget', {
  id: serial('id').primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  anno: integer('anno').notNull(),
  mese: smallint('mese').notNull(),
  budget: numeric('budget', { precision: 14, scale: 3 }).notNull().default('0'),
}, (t) => [uniqueIndex('budget_cliente_anno_mese_uq').on(t.clienteId, t.anno, t.mese)]);
