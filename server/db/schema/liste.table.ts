import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';
import { utenti } from './accesso.table.js';
import { prodotti } from './catalogo.table.js';

/** A customer's named product list, within one client. */
export const liste = pgTable('liste', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  nome: text('nome').notNull(),
  descrizione: text('descrizione').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('liste_utente_cliente_idx').on(t.utenteId, t.clienteId, t.id)]);

export const listeProdotti = pgTable('liste_prodotti', {
  listaId: integer('lista_id').notNull().references(() => liste.id, { onDelete: 'cascade' }),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.listaId, t.prodottoId] })]);
