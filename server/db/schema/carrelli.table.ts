import { check, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql as dsql } from 'drizzle-orm';
import { clienti } from './anagrafica.table.js';
import { utenti } from './accesso.table.js';
import { prodotti } from './catalogo.table.js';

/**
 * A customer's cart for one client (docs/regole/ordini.md#cart): one per user and client, so that it
 * follows the person from device to device; the browser's copy is a cache. Every write locks this
 * row first (an upsert), so two devices' writes to one cart take turns; an order deletes it in
 * crea_ordine's statement.
 */
export const carrelli = pgTable('carrelli', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  aggiornatoAt: timestamp('aggiornato_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('carrelli_utente_cliente_uq').on(t.utenteId, t.clienteId)]);

/** A cart's lines: a product and its quantity, in the order they were added (posizione). */
export const carrelliRighe = pgTable('carrelli_righe', {
  carrelloId: integer('carrello_id').notNull().references(() => carrelli.id, { onDelete: 'cascade' }),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  quantita: integer('quantita').notNull(),
  posizione: integer('posizione').notNull(),
}, (t) => [
  primaryKey({ columns: [t.carrelloId, t.prodottoId] }),
  check('carrelli_righe_quantita_ck', dsql`${t.quantita} > 0`),
]);

/**
 * The additions to a cart that each add a quantity (the agent's one tap on a client's usual
 * product, docs/regole/agenti.md#one-tap): the tap's key, so that a retry of the same tap adds
 * nothing more. They go with the cart (an order or 'Svuota' deletes it).
 */
export const carrelliAggiunte = pgTable('carrelli_aggiunte', {
  carrelloId: integer('carrello_id').notNull().references(() => carrelli.id, { onDelete: 'cascade' }),
  chiave: uuid('chiave').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.carrelloId, t.chiave] })]);
