import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
