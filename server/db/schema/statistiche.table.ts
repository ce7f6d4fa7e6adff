import { bigint, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Rollups of accepted orders (response_code '201') for ordini/stats, so that the admin statistics
 * read a few hundred rows instead of every order line (DESIGN §9). crea_ordine adds each order
 * through stat_conta_ordine() in its own transaction, a trigger on ordini takes an order out (or
 * back in) when its status changes or it is deleted, and ricalcola_statistiche() rebuilds them
 * set-based after a bulk load (server/statistiche/sql/). Years and months are Europe/Rome's.
 */

/**
 * Orders and amount per month. Every order of a month hits the same month, so the month is split
 * into stripes (`slot` = order id % 16): concurrent orders rarely wait on each other's row lock
 * until commit, and ordini/stats sums the stripes.
 */
export const statOrdiniMese = pgTable('stat_ordini_mese', {
  anno: smallint('anno').notNull(),
  mese: smallint('mese').notNull(),
  slot: smallint('slot').notNull(),
  numeroOrdini: integer('numero_ordini').notNull(),
  importoTotale: numeric('importo_totale', { precision: 16, scale: 3 }).notNull(),
}, (t) => [primaryKey({ columns: [t.anno, t.mese, t.slot] })]);

/**
 * Quantity and amount per product and year; `anno` 0 holds all years. Keyed by code (lines keep it
 * when the product is deleted); the name is the latest order's. The ranking index makes the top
 * of a year a walk of its first rows rather than an aggregation over the catalogue.
 */
export const statProdottiAnno = pgTable('stat_prodotti_anno', {
  anno: smallint('anno').notNull(),
  codiceProdotto: text('codice_prodotto').notNull(),
  prodottoNome: text('prodotto_nome').notNull(),
  quantitaTotale: bigint('quantita_totale', { mode: 'number' }).notNull(),
  importoTotale: numeric('importo_totale', { precision: 16, scale: 3 }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.anno, t.codiceProdotto] }),
  index('stat_prodotti_anno_classifica_idx').on(t.anno, t.quantitaTotale.desc(), t.importoTotale.desc(), t.codiceProdotto),
]);

/** Orders and amount per client and year; `anno` 0 holds all years. Code and name of the latest order. */
export const statClientiAnno = pgTable('stat_clienti_anno', {
  anno: smallint('anno').notNull(),
  clienteId: integer('cliente_id').notNull(),
  clienteCodice: text('cliente_codice').notNull(),
  clienteNome: text('cliente_nome').notNull(),
  numeroOrdini: integer('numero_ordini').notNull(),
  importoTotale: numeric('importo_totale', { precision: 16, scale: 3 }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.anno, t.clienteId] }),
  index('stat_clienti_anno_classifica_idx').on(t.anno, t.numeroOrdini.desc(), t.importoTotale.desc(), t.clienteId),
]);

