import { sql as dsql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { resetPassword, utenti } from './accesso.table.js';
import { ordini } from './ordini.table.js';
import { inviti } from './organizzazione.table.js';

/**
 * Mail to send and sent, written in the same transaction as what it tells about together with its
 * job (graphile-worker's `invia_mail`, server/posta/invia-mail.ts), so that a mail server that is
 * down delays mail instead of losing it; an order's job right after the order's transaction
 * (server/ordini/sql/accoda_lavori_ordini.sql).
 * Rows are written only by the SQL function accoda_mail (server/posta/sql/accoda_mail.sql), from
 * TypeScript through server/posta/accoda-mail.ts: an order confirmation names its order (crea_ordine
 * queues it; the text is composed when sent); a user's new credentials name the user (the temporary
 * password is drawn when the mail is sent and never stored: the sent row keeps recipient and
 * subject, no text); a password reset names its request (the link's token is drawn when the mail
 * is sent, only its hash kept); other mail carries its recipient, subject and text.
 */
export const mailUscita = pgTable('mail_uscita', {
  id: serial('id').primaryKey(),
  ordineId: integer('ordine_id').references(() => ordini.id, { onDelete: 'cascade' }),
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'cascade' }),
  /** A password reset's link (reset_password): the token is drawn when the mail is sent, never stored whole. */
  resetPasswordId: integer('reset_password_id').references(() => resetPassword.id, { onDelete: 'cascade' }),
  /** An invitation's link (inviti): drawn when the mail is sent, as a reset's. */
  invitoId: integer('invito_id').references(() => inviti.id, { onDelete: 'cascade' }),
  /**
   * A composed mail about an order, written in the order's transaction (its approvers' notice of a held
   * order): its job is queued with the order's, after the commit (accoda_lavori_ordini), never inside it.
   */
  dopoOrdineId: integer('dopo_ordine_id').references(() => ordini.id, { onDelete: 'cascade' }),
  destinatario: text('destinatario'),
  replyTo: text('reply_to'),
  oggetto: text('oggetto'),
  testo: text('testo'),
  tentativi: integer('tentativi').notNull().default(0),
  inviataAt: timestamp('inviata_at', { withTimezone: true }),
  ultimoErrore: text('ultimo_errore'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('mail_uscita_da_inviare_idx').on(t.id).where(dsql`inviata_at IS NULL`),
  index('mail_uscita_ordine_idx').on(t.ordineId),
  index('mail_uscita_dopo_ordine_idx').on(t.dopoOrdineId),
  index('mail_uscita_utente_idx').on(t.utenteId),
  index('mail_uscita_reset_password_idx').on(t.resetPasswordId),
  index('mail_uscita_invito_idx').on(t.invitoId),
]);
