import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { utenti } from './accesso.table.js';

/** Messages sent from the Contatti form (also mailed to the office). */
export const messaggiContatto = pgTable('messaggi_contatto', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'set null' }),
  nome: text('nome').notNull(),
  email: text('email').notNull(),
  messaggio: text('messaggio').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
