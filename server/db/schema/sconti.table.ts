import { sql as dsql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';
import { prodotti } from './catalogo.table.js';

/**
 * A client's discount chain (docs/regole/catalogo.md#net-price) for a discount family
 * (prodotti.famiglia_sconto) or, more specific, for one product: exactly one of the two.
 * `sconti` is the chain as written (`40+10+5`, shared/sconti.ts), `fattore` its product
 * (0.60 × 0.90 × 0.95 = 0.513), computed once at write time so that the price SQL multiplies.
 * The two unique indexes are the price SQL's two look-ups (client and product, client and
 * family); NULLs are distinct in them, so the rows of the other kind never collide.
 */
export const scontiClienti = pgTable('sconti_clienti', {
  id: serial('id').primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  famigliaSconto: text('famiglia_sconto'),
  prodottoId: integer('prodotto_id').references(() => prodotti.id, { onDelete: 'cascade' }),
  sconti: text('sconti').notNull(),
  fattore: numeric('fattore').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('sconti_clienti_uno_ck', dsql`(famiglia_sconto IS NULL) <> (prodotto_id IS NULL)`),
  check('sconti_clienti_fattore_ck', dsql`fattore >= 0 AND fattore <= 1`),
  uniqueIndex('sconti_clienti_prodotto_uq').on(t.clienteId, t.prodottoId),
  uniqueIndex('sconti_clienti_famiglia_uq').on(t.clienteId, t.famigliaSconto),
  // The product's delete cascades through this index.
  index('sconti_clienti_prodotto_idx').on(t.prodottoId),
]);
