import { sql as dsql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';

/**
 * A client's payment schedule from the ERP (import kind `scadenze`, docs/regole/contabilita.md):
 * one row per document and due date. The unique index serves the client's page, its exposure and
 * the import's look-ups.
 */
export const scadenze = pgTable('scadenze', {
  id: serial('id').primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  documento: text('documento').notNull(),
  dataScadenza: date('data_scadenza').notNull(),
  importo: numeric('importo', { precision: 14, scale: 2 }).notNull(),
  /** FatturaPA ModalitaPagamento: MP05 bank transfer, MP12 RiBa… */
  modalita: text('modalita').notNull(),
  stato: text('stato').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('scadenze_stato_check', dsql`stato IN ('aperta', 'pagata', 'insoluta')`),
  uniqueIndex('scadenze_cliente_documento_data_uq').on(t.clienteId, t.documento, t.dataScadenza),
]);
