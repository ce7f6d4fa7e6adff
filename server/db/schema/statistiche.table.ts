import { bigint, bigserial, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Rollups of accepted orders (response_code '201') for ordini/stats, so that the admin statistics
 * read a few hundred rows instead of every order line (docs/regole/generale.md#performance-budgets). crea_ordine queues each order
 * in stat_coda in its own transaction, a trigger on ordini queues an order's way out (or back in)
 * when its status changes and takes it out when it is deleted; applica_statistiche() folds the
 * queue set-based, before every ordini/stats and every minute; ricalcola_statistiche() rebuilds
 * everything after a bulk load (server/statistiche/sql/). Years and months are Europe/Rome's.
 */

/**
 * Orders waiting to be folded into the rollups (segno 1 in, -1 out). Orders only append here: a
 * rollup row updated inside every order (the client's row above all) made concurrent orders of
 * one client wait on each other until commit.
 */
export const statCoda = pgTable('stat_coda', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ordineId: integer('ordine_id').notNull(),
  segno: smallint('segno').notNull(),
});

/** Orders and amount per month. */
export const statOrdiniMese = pgTable('stat_ordini_mese', {
  anno: smallint('anno').notNull(),
  mese: smallint('mese').notNull(),
  numeroOrdini: integer('numero_ordini').notNull(),
  importoTotale: numeric('importo_totale', { precision: 16, scale: 3 }).notNull(),
}, (t) => [primaryKey({ columns: [t.anno, t.mese] })]);

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


/**
 * Orders and amount per client and month (Europe/Rome), folded with the other rollups: the agents'
 * portfolio (agente/clienti) reads a client's sales of whole months here, a few dozen rows, instead
 * of every order of two years (docs/decisions/rollup-clienti-mese.md). The primary key serves it.
 */
export const statClientiMese = pgTable('stat_clienti_mese', {
  clienteId: integer('cliente_id').notNull(),
  anno: smallint('anno').notNull(),
  mese: smallint('mese').notNull(),
  numeroOrdini: integer('numero_ordini').notNull(),
  importoTotale: numeric('importo_totale', { precision: 16, scale: 3 }).notNull(),
}, (t) => [primaryKey({ columns: [t.clienteId, t.anno, t.mese] })]);
