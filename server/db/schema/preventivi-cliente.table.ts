import { sql as dsql } from 'drizzle-orm';
import {
  boolean, check, customType, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';
import { utenti } from './accesso.table.js';
import { prodotti } from './catalogo.table.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * An installer's own quote to their end customer (docs/regole/preventivi-cliente.md): the client's
 * document, made by one of its users; the wholesaler's staff never read it. `totale` is the one
 * computation (shared/preventivi-cliente-calcolo.ts) stored at each save, so the list reads it
 * without recomputing every quote. `versione` grows at each change: a save from a stale editor is
 * refused instead of overwriting a newer one. `chiave` is the Idempotency-Key of the call that made it.
 */
export const preventiviCliente = pgTable('preventivi_cliente', {
  id: serial('id').primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  utenteNome: text('utente_nome').notNull(),
  anno: integer('anno').notNull(),
  numero: integer('numero').notNull(),
  chiave: text('chiave'),
  stato: text('stato').notNull().default('bozza'),
  versione: integer('versione').notNull().default(1),
  clienteFinaleNome: text('cliente_finale_nome').notNull().default(''),
  clienteFinaleIndirizzo: text('cliente_finale_indirizzo').notNull().default(''),
  ricaricoGenerale: numeric('ricarico_generale', { precision: 7, scale: 2 }).notNull().default('0'),
  /** { famiglia: percent }: the markup of a product family, under a line's own and over the general one. */
  ricarichiCategoria: jsonb('ricarichi_categoria').notNull().default(dsql`'{}'::jsonb`),
  scontoPercentuale: numeric('sconto_percentuale', { precision: 5, scale: 2 }).notNull().default('0'),
  note: text('note').notNull().default(''),
  condizioni: text('condizioni').notNull().default(''),
  totale: numeric('totale', { precision: 14, scale: 2 }).notNull().default('0'),
  copiatoDa: integer('copiato_da'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('preventivi_cliente_elenco_idx').on(t.clienteId, t.updatedAt.desc(), t.id.desc()),
  uniqueIndex('preventivi_cliente_numero_uq').on(t.clienteId, t.anno, t.numero),
  uniqueIndex('preventivi_cliente_chiave_uq').on(t.clienteId, t.chiave),
  check('preventivi_cliente_stato_ck', dsql`${t.stato} IN ('bozza', 'inviato', 'accettato', 'perso')`),
]);

/**
 * A line: a catalogue product at the client's cost (`costo`: its net price when added, or a price
 * given), labour (`quantita` hours × `costo` the hourly rate) or a free line. `ricarico` null: the
 * family's or the general markup. Products keep their code and description as they were.
 */
export const preventiviClienteRighe = pgTable('preventivi_cliente_righe', {
  preventivoId: integer('preventivo_id').notNull().references(() => preventiviCliente.id, { onDelete: 'cascade' }),
  posizione: integer('posizione').notNull(),
  tipo: text('tipo').notNull(),
  prodottoId: integer('prodotto_id').references(() => prodotti.id, { onDelete: 'set null' }),
  codiceProdotto: text('codice_prodotto'),
  descrizione: text('descrizione').notNull(),
  categoria: text('categoria').notNull().default(''),
  quantita: numeric('quantita', { precision: 12, scale: 2 }).notNull(),
  costo: numeric('costo', { precision: 12, scale: 3 }).notNull(),
  ricarico: numeric('ricarico', { precision: 7, scale: 2 }),
  aliquota: integer('aliquota').notNull(),
  beniSignificativi: boolean('beni_significativi').notNull().default(false),
}, (t) => [
  primaryKey({ columns: [t.preventivoId, t.posizione] }),
  // A product deleted sets its lines' prodotto_id to null: found by this index, not a scan.
  index('preventivi_cliente_righe_prodotto_idx').on(t.prodottoId).where(dsql`${t.prodottoId} IS NOT NULL`),
  check('preventivi_cliente_righe_tipo_ck', dsql`${t.tipo} IN ('catalogo', 'manodopera', 'libera')`),
  check('preventivi_cliente_righe_aliquota_ck', dsql`${t.aliquota} IN (22, 10, 4)`),
  check('preventivi_cliente_righe_beni_ck', dsql`NOT ${t.beniSignificativi} OR ${t.aliquota} = 10`),
]);

/** The client's own header on its quotes: name, address, VAT number, and a logo (PNG, cleaned and scaled by sharp). */
export const preventiviClienteIntestazioni = pgTable('preventivi_cliente_intestazioni', {
  clienteId: integer('cliente_id').primaryKey().references(() => clienti.id, { onDelete: 'cascade' }),
  ragioneSociale: text('ragione_sociale').notNull().default(''),
  indirizzo: text('indirizzo').notNull().default(''),
  partitaIva: text('partita_iva').notNull().default(''),
  logo: bytea('logo'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
