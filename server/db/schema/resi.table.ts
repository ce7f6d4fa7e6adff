import { sql as dsql } from 'drizzle-orm';
import {
  boolean, check, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { adminUtenti, utenti } from './accesso.table.js';
import { clienti } from './anagrafica.table.js';
import { documenti } from './documenti.table.js';

/**
 * The lines of a DDT (issue 39): sent by the ERP with the push or the import, or, for a DDT sent
 * without them, copied from the lines of the orders it names with their ordered quantities
 * (`da_ordine`). A push that replaces the DDT rewrites them by position, and keeps a line a return names.
 */
export const documentiRighe = pgTable('documenti_righe', {
  id: serial('id').primaryKey(),
  documentoId: integer('documento_id').notNull().references(() => documenti.id, { onDelete: 'cascade' }),
  /** Position on the DDT, from 1. */
  riga: integer('riga').notNull(),
  codiceProdotto: text('codice_prodotto').notNull(),
  descrizione: text('descrizione').notNull(),
  quantita: integer('quantita').notNull(),
  unita: text('unita'),
  /** Lot or serial number, when the ERP tracks one. */
  lotto: text('lotto'),
  daOrdine: boolean('da_ordine').notNull().default(false),
}, (t) => [
  // resi/rendibili: a DDT's lines in their order.
  uniqueIndex('documenti_righe_documento_riga_uq').on(t.documentoId, t.riga),
  check('documenti_righe_quantita_ck', dsql`${t.quantita} >= 0`),
]);

/** A return asked by a customer against one DDT; its RMA number is given when it is asked. */
export const resi = pgTable('resi', {
  id: serial('id').primaryKey(),
  aziendaCodice: text('azienda_codice').notNull(),
  anno: smallint('anno').notNull(),
  /** RMA number, per company and year: RMA-<anno>-<progressivo>. */
  numero: text('numero').notNull(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  documentoId: integer('documento_id').notNull().references(() => documenti.id, { onDelete: 'restrict' }),
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  stato: text('stato').notNull().default('richiesto'),
  /** The customer's description of the problem. */
  descrizione: text('descrizione').notNull().default(''),
  /** Days between the DDT and the request, as the policy judged them. */
  giorniDdt: integer('giorni_ddt').notNull(),
  ddtResoRichiesto: boolean('ddt_reso_richiesto').notNull(),
  motivoRifiuto: text('motivo_rifiuto'),
  /** The credit note that closed it (the ERP's push naming this RMA number in `resi`). */
  notaCreditoId: integer('nota_credito_id').references(() => documenti.id, { onDelete: 'set null' }),
  /**
   * The hand-over to the ERP of an authorised return (job esporta_reso, once per return as orders'):
   * NULL before it is authorised, then in_attesa | inviato | errore | non_configurato.
   */
  erpStato: text('erp_stato'),
  erpTentativi: integer('erp_tentativi').notNull().default(0),
  erpErrore: text('erp_errore'),
  erpInviatoAt: timestamp('erp_inviato_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  statoAt: timestamp('stato_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('resi_numero_uq').on(t.aziendaCodice, t.numero),
  // resi/elenco: a client's returns, newest first.
  index('resi_cliente_idx').on(t.clienteId, t.createdAt.desc(), t.id.desc()),
  // The staff queue: by state, oldest first.
  index('resi_stato_idx').on(t.stato, t.createdAt),
  index('resi_documento_idx').on(t.documentoId),
  index('resi_nota_credito_idx').on(t.notaCreditoId),
  check('resi_stato_ck', dsql`${t.stato} IN ('richiesto', 'autorizzato', 'parzialmente_autorizzato', 'rifiutato', 'spedito', 'ricevuto', 'verificato', 'chiuso', 'annullato')`),
]);

/** A line of a return: which DDT line, how many, why; the staff's decision and inspection per line. */
export const resiRighe = pgTable('resi_righe', {
  id: serial('id').primaryKey(),
  resoId: integer('reso_id').notNull().references(() => resi.id, { onDelete: 'cascade' }),
  documentoRigaId: integer('documento_riga_id').notNull().references(() => documentiRighe.id, { onDelete: 'restrict' }),
  quantita: integer('quantita').notNull(),
  motivo: text('motivo').notNull(),
  nota: text('nota'),
  lotto: text('lotto'),
  /** The credit % the policy foresaw when asked. */
  percentualePrevista: numeric('percentuale_prevista', { precision: 5, scale: 2 }).notNull(),
  /** The staff's decision: 'autorizzata' (with its credit %) or 'rifiutata'; NULL while undecided. */
  esito: text('esito'),
  percentualeAutorizzata: numeric('percentuale_autorizzata', { precision: 5, scale: 2 }),
  /** The inspection: pieces accepted and credit % granted. */
  quantitaAccettata: integer('quantita_accettata'),
  percentualeAccredito: numeric('percentuale_accredito', { precision: 5, scale: 2 }),
}, (t) => [
  index('resi_righe_reso_idx').on(t.resoId),
  // The returnable quantity of a DDT line, what its returns asked: resi_righe_documento_riga_cop_idx,
  // (documento_riga_id) INCLUDE (reso_id, quantita, esito), hand-written in migration 0054 (drizzle
  // declares no INCLUDE): read from the index alone (docs/decisions/resi-rendibili-piano.md).
  check('resi_righe_quantita_ck', dsql`${t.quantita} > 0`),
  check('resi_righe_motivo_ck', dsql`${t.motivo} IN ('difettoso', 'errato', 'danneggiato', 'non_conforme', 'eccedenza')`),
  check('resi_righe_esito_ck', dsql`${t.esito} IS NULL OR ${t.esito} IN ('autorizzata', 'rifiutata')`),
  check('resi_righe_accettata_ck', dsql`${t.quantitaAccettata} IS NULL OR ${t.quantitaAccettata} BETWEEN 0 AND ${t.quantita}`),
]);

/** The photos of a return (up to 5, stripped of their metadata), kept in the media store under '.resi/'. */
export const resiFoto = pgTable('resi_foto', {
  id: serial('id').primaryKey(),
  resoId: integer('reso_id').notNull().references(() => resi.id, { onDelete: 'cascade' }),
  chiave: text('chiave').notNull(),
  nome: text('nome').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
}, (t) => [index('resi_foto_reso_idx').on(t.resoId)]);

/** The last RMA number given per company and year: its row is locked while a number is taken. */
export const resiNumeratori = pgTable('resi_numeratori', {
  aziendaCodice: text('azienda_codice').notNull(),
  anno: smallint('anno').notNull(),
  ultimo: integer('ultimo').notNull(),
}, (t) => [primaryKey({ columns: [t.aziendaCodice, t.anno] })]);

/**
 * A return's history (docs/regole/resi.md#history): every step, whoever made it (the customer who
 * asked, cancelled or shipped it, the staff, the ERP's credit note), with the state before and after;
 * both the customer's and the staff's detail show it. The author's name is kept as it was.
 */
export const resiPassi = pgTable('resi_passi', {
  id: serial('id').primaryKey(),
  resoId: integer('reso_id').notNull().references(() => resi.id, { onDelete: 'cascade' }),
  /** The state before the step; NULL for the request itself. */
  da: text('da'),
  a: text('a').notNull(),
  /** cliente | staff | erp */
  autoreTipo: text('autore_tipo').notNull(),
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  adminId: integer('admin_id').references(() => adminUtenti.id, { onDelete: 'set null' }),
  autore: text('autore').notNull(),
  /** What the step adds: a refusal's reason, the credit note's number. */
  nota: text('nota'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // A return's steps in order (resi/dettaglio, resi/scheda).
  index('resi_passi_reso_idx').on(t.resoId, t.id),
  check('resi_passi_autore_ck', dsql`${t.autoreTipo} IN ('cliente', 'staff', 'erp')`),
]);
