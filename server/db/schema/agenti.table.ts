import { sql as dsql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { utenti } from './accesso.table.js';
import { clienti } from './anagrafica.table.js';

/**
 * A sales agent's portfolio (docs/regole/agenti.md): which clients the agent (a utente of
 * tipologia 'agente') sees and may act for. A client may have several agents. `origine` says who
 * put it there: the ERP's import ('import': a `--completo` import replaces these rows of the agents
 * it names) or the staff by hand ('admin').
 */
export const agentiClienti = pgTable('agenti_clienti', {
  agenteId: integer('agente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  origine: text('origine').notNull().default('admin'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The agent's portfolio (agente/clienti) reads the primary key; the admin's client page and the
  // import's removals the client's agents.
  primaryKey({ columns: [t.agenteId, t.clienteId] }),
  index('agenti_clienti_cliente_idx').on(t.clienteId),
]);

/**
 * An agent's commissions from the ERP (import kind `provvigioni`, docs/regole/agenti.md#commissions),
 * read-only in the portal: one row per agent, client and document. `stato`: 'da_maturare' (the
 * document is issued, the client has not paid it yet), 'maturata' (due to the agent), 'liquidata'
 * (paid to the agent). A credit note's commission is negative. The unique index is the import's
 * key and serves the agent's totals and one client's rows (agent, client first).
 */
export const provvigioni = pgTable('provvigioni', {
  id: serial('id').primaryKey(),
  agenteId: integer('agente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  documentoTipo: text('documento_tipo').notNull(),
  documentoNumero: text('documento_numero').notNull(),
  documentoData: date('documento_data').notNull(),
  importo: numeric('importo', { precision: 14, scale: 2 }).notNull(),
  stato: text('stato').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('provvigioni_stato_check', dsql`stato IN ('da_maturare', 'maturata', 'liquidata')`),
  uniqueIndex('provvigioni_agente_cliente_documento_uq').on(t.agenteId, t.clienteId, t.documentoTipo, t.documentoNumero),
  // One client's rows newest first (agente/cliente).
  index('provvigioni_agente_cliente_data_idx').on(t.agenteId, t.clienteId, t.documentoData.desc()),
]);
