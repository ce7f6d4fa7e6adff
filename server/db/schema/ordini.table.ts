import { sql as dsql, type SQL } from 'drizzle-orm';
import {
  check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';
import { utenti } from './accesso.table.js';
import { prodotti } from './catalogo.table.js';

/**
 * A confirmed order, with the names as they were when it was placed. Deleting its user keeps the
 * order for history and statistics: utente_id becomes NULL, utente_codice and utente_nome stay.
 */
export const ordini = pgTable('ordini', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  aziendaCodice: text('azienda_codice').notNull(),
  clienteCodice: text('cliente_codice').notNull(),
  utenteCodice: text('utente_codice').notNull(),
  clienteNome: text('cliente_nome').notNull().default(''),
  aziendaNome: text('azienda_nome').notNull().default(''),
  utenteNome: text('utente_nome').notNull().default(''),
  nome: text('nome').notNull().default(''),
  note: text('note').notNull().default(''),
  /** The customer's job-site reference (up to LIMITI_ORDINE.riferimento_cantiere characters), NULL when none was given. */
  riferimentoCantiere: text('riferimento_cantiere'),
  responseCode: text('response_code').notNull().default('201'),
  responseStatus: text('response_status').notNull().default('Confermato'),
  totale: numeric('totale', { precision: 14, scale: 3 }).notNull().default('0'),
  idempotencyKey: text('idempotency_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Hand-over to the ERP (server/erp/esporta-ordine.ts): 'in_attesa' until the job delivers it,
   * 'inviato', 'errore' (retrying; the last error kept), 'non_configurato' (no ERP set up when it
   * ran), 'precedente' for orders placed before the exchange existed (migration 0020).
   */
  erpStato: text('erp_stato').notNull().default('in_attesa'),
  erpTentativi: integer('erp_tentativi').notNull().default(0),
  erpErrore: text('erp_errore'),
  erpInviatoAt: timestamp('erp_inviato_at', { withTimezone: true }),
  /**
   * An order over its user's limits (docs/regole/organizzazione.md#approvals): NULL for an order
   * never held; 'in_attesa' until an approver decides or it expires ('approvato', 'rifiutato',
   * 'scaduto'). `approvazioneSuperamento` says which limit it passed and by how much, as the
   * requester is shown it; the decision's author, time and reason are kept with it.
   */
  approvazione: text('approvazione'),
  /**
   * The sales agent who placed it in the client's name (docs/regole/agenti.md), their name as it
   * was; NULL for an order of the client's own people. utente_id is then the agent's.
   */
  inseritoDaAgente: text('inserito_da_agente'),
  approvazioneSuperamento: jsonb('approvazione_superamento'),
  approvazioneScadeAt: timestamp('approvazione_scade_at', { withTimezone: true }),
  approvatoreId: integer('approvatore_id').references(() => utenti.id, { onDelete: 'set null' }),
  approvatoreNome: text('approvatore_nome'),
  approvazioneDecisaAt: timestamp('approvazione_decisa_at', { withTimezone: true }),
  approvazioneMotivo: text('approvazione_motivo'),
}, (t) => [
  check('ordini_approvazione_ck', dsql`${t.approvazione} IN ('in_attesa', 'approvato', 'rifiutato', 'scaduto')`),
  // The approvers' list and the expiry job: the waiting orders of a client (few rows: a partial index).
  index('ordini_in_approvazione_idx').on(t.clienteId, t.createdAt.desc()).where(dsql`approvazione = 'in_attesa'`),
  // The admin's export list: the orders not delivered, newest first (few rows: a partial index).
  index('ordini_erp_da_inviare_idx').on(t.createdAt.desc()).where(dsql`erp_stato NOT IN ('inviato', 'precedente', 'non_configurato')`),
  index('ordini_utente_cliente_idx').on(t.utenteId, t.clienteId, t.createdAt.desc()),
  // The history's filters (docs/regole/ordini.md#order-history): refused orders are few, so the
  // 'errore' state gets its own small index; the name is matched anywhere, case-insensitively.
  index('ordini_utente_cliente_errore_idx').on(t.utenteId, t.clienteId, t.createdAt.desc()).where(dsql`response_code <> '201'`),
  // The 'confermato' state: its count reads this index alone (the full one would read every order's
  // row for its response_code; docs/decisions/storico-ordini-indici.md).
  index('ordini_utente_cliente_confermati_idx').on(t.utenteId, t.clienteId, t.createdAt.desc()).where(dsql`response_code = '201'`),
  index('ordini_nome_trgm').using('gin', dsql`${t.nome} gin_trgm_ops`),
  index('ordini_cliente_created_idx').on(t.clienteId, t.createdAt),
  // The same filters over every order of a client, for a Titolare or Acquisti (server/ordini/vista.ts):
  // confirmed and refused ones each by a partial index as the user's own, rejected or expired ones
  // (few) by theirs; waiting ones by ordini_in_approvazione_idx.
  index('ordini_cliente_confermati_idx').on(t.clienteId, t.createdAt.desc().nullsFirst()).where(dsql`response_code = '201'`),
  index('ordini_cliente_errore_idx').on(t.clienteId, t.createdAt.desc().nullsFirst()).where(dsql`response_code <> '201'`),
  index('ordini_cliente_decisi_idx').on(t.clienteId, t.approvazione, t.createdAt.desc().nullsFirst()).where(dsql`approvazione IN ('rifiutato', 'scaduto')`),
  index('ordini_created_idx').on(t.createdAt),
  uniqueIndex('ordini_idempotency_uq').on(t.utenteId, t.idempotencyKey),
]);

/**
 * Snapshot of an order line. Of its `qt`, `qt_in_arrivo` was promised from the supplier's incoming
 * quantity (ord_forn) and `qt_in_consegna`, derived so the two always add up, ships from stock
 * (docs/regole/catalogo.md#promisable-stock). Lines from before backorders have 0 in arrivo: all shipped now.
 */
export const ordiniRighe = pgTable('ordini_righe', {
  id: serial('id').primaryKey(),
  ordineId: integer('ordine_id').notNull().references(() => ordini.id, { onDelete: 'cascade' }),
  prodottoId: integer('prodotto_id').references(() => prodotti.id, { onDelete: 'set null' }),
  codiceProdotto: text('codice_prodotto').notNull(),
  prodottoNome: text('prodotto_nome').notNull(),
  qt: integer('qt').notNull(),
  qtInArrivo: integer('qt_in_arrivo').notNull().default(0),
  qtInConsegna: integer('qt_in_consegna').notNull().generatedAlwaysAs((): SQL => dsql`qt - qt_in_arrivo`),
  prezzo: numeric('prezzo', { precision: 12, scale: 3 }).notNull(),
  prezzoReale: numeric('prezzo_reale', { precision: 12, scale: 3 }).notNull(),
  /**
   * The order's client, copied from the order on insert by a trigger (ordini_righe_cliente,
   * server/ordini/sql/) whatever the insert says: the history's product-code filter finds one
   * client's lines of a product on ordini_righe_cliente_prodotto_idx instead of every client's
   * (docs/decisions/storico-ordini-indici.md).
   */
  clienteId: integer('cliente_id'),
  /** The discount chain applied at order time ('' when none), as the catalogue showed it. */
  sconti: text('sconti').notNull().default(''),
}, (t) => [
  index('ordini_righe_ordine_idx').on(t.ordineId),
  index('ordini_righe_prodotto_idx').on(t.prodottoId),
  index('ordini_righe_cliente_prodotto_idx').on(t.clienteId, t.prodottoId, t.ordineId),
  check('ordini_righe_qt_in_arrivo_ck', dsql`${t.qtInArrivo} BETWEEN 0 AND ${t.qt}`),
]);

/**
 * Order lines not yet counted in prodotti.popolarita. Bumping the popularity inside the order
 * would touch an indexed column of prodotti and make every stock update rewrite all of its
 * indexes (search GIN ones included); applica_popolarita() (server/catalogo/sql/) folds this queue
 * in from time to time instead. No index and no key: it is only appended to and emptied whole.
 */
export const popolaritaCoda = pgTable('popolarita_coda', {
  prodottoId: integer('prodotto_id').notNull(),
});
