import { sql as dsql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUtenti } from './accesso.table.js';

/**
 * Every change an admin makes (who, when, what, on which record). The user and client ids carry
 * no foreign key on purpose: the history of a deleted user or client stays readable.
 */
export const modificheAdmin = pgTable('modifiche_admin', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: integer('admin_id').references(() => adminUtenti.id, { onDelete: 'set null' }),
  /** Kept as it was at the time, also if the admin account is later renamed or removed. */
  adminUsername: text('admin_username').notNull(),
  /** What was done, e.g. 'utente.disabilita', 'manutenzione.cambia'. */
  azione: text('azione').notNull(),
  /** The kind of record changed ('utente', 'cliente', 'dispositivo', 'impostazioni', …) and its id. */
  entita: text('entita').notNull(),
  entitaId: text('entita_id'),
  utenteId: integer('utente_id'),
  clienteId: integer('cliente_id'),
  /** The values changed (never a password or its hash). */
  dettagli: jsonb('dettagli').notNull().default(dsql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('modifiche_admin_utente_idx').on(t.utenteId, t.createdAt.desc(), t.id.desc()),
  index('modifiche_admin_cliente_idx').on(t.clienteId, t.createdAt.desc(), t.id.desc()),
  index('modifiche_admin_created_idx').on(t.createdAt.desc(), t.id.desc()),
  // The history of one record (a product, a category), newest first (NULLS FIRST as the query's
  // ORDER BY … DESC, so the index gives the order and the page stops early).
  index('modifiche_admin_entita_idx').on(t.entita, t.entitaId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
]);
