import { sql as dsql, type SQL } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';
import { prodotti } from './catalogo.table.js';

/**
 * A client's own code for a product (docs/regole/ordine-rapido.md#own-codes): one per product and
 * client, unique per client once normalised like prodotti_codici.codice_n, seen by that client only.
 * The primary key serves look-ups by client and product; the unique index by client and code.
 */
export const codiciCliente = pgTable('codici_cliente', {
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  /** As the customer typed it. */
  codice: text('codice').notNull(),
  codiceN: text('codice_n').notNull().generatedAlwaysAs((): SQL => dsql`upper(regexp_replace(codice, '[^A-Za-z0-9]', '', 'g'))`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.clienteId, t.prodottoId] }),
  // A code of no letter or digit would match nothing.
  check('codici_cliente_codice_n_check', dsql`codice_n <> ''`),
  uniqueIndex('codici_cliente_codice_uq').on(t.clienteId, t.codiceN),
  // The product's delete cascades through this index.
  index('codici_cliente_prodotto_idx').on(t.prodottoId, t.clienteId),
]);
