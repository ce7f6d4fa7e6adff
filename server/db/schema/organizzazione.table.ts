import { sql as dsql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUtenti, utenti } from './accesso.table.js';
import { clienti } from './anagrafica.table.js';

/**
 * A person invited by a Titolare (docs/regole/organizzazione.md#invites): one live link per user.
 * The link's token is drawn when its mail is sent (as a password reset's) and only its SHA-256 is
 * kept; sending it again draws a new one, which voids the old. Using it sets the password, makes the
 * user's invited links active and deletes the row.
 */
export const inviti = pgTable('inviti', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  /** Null until the mail is composed. */
  tokenHash: text('token_hash'),
  invitatoDa: integer('invitato_da').references(() => utenti.id, { onDelete: 'set null' }),
  scadeAt: timestamp('scade_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('inviti_utente_uq').on(t.utenteId),
  uniqueIndex('inviti_token_uq').on(t.tokenHash),
]);

/**
 * The history of a client's organisation (docs/regole/organizzazione.md#history): every change to
 * its people and every approval, by whom (a user of the client, or the wholesaler's staff), about
 * whom, what (azione: a code; dettagli: before and after), in the admin audit trail's style.
 */
export const eventiOrganizzazione = pgTable('eventi_organizzazione', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  autoreUtenteId: integer('autore_utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  autoreAdminId: integer('autore_admin_id').references(() => adminUtenti.id, { onDelete: 'set null' }),
  /** The author's name as it was (a deleted author stays named). */
  autoreNome: text('autore_nome').notNull(),
  soggettoUtenteId: integer('soggetto_utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  soggettoNome: text('soggetto_nome').notNull().default(''),
  azione: text('azione').notNull(),
  dettagli: jsonb('dettagli').notNull().default(dsql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('eventi_organizzazione_cliente_idx').on(t.clienteId, t.createdAt.desc(), t.id.desc()),
  index('eventi_organizzazione_soggetto_idx').on(t.clienteId, t.soggettoUtenteId, t.createdAt.desc(), t.id.desc()),
]);
