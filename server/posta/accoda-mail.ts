import type { Db } from '../db/client.js';
import type { Mail } from '../lib/mailer.js';

/**
 * Queues a composed mail in mail_uscita, to be sent by its job (invia_mail, invia-mail.ts). Pass the
 * transaction that stores what the mail tells about, so that both commit or neither does.
 * The row is written by the SQL function accoda_mail (server/posta/sql/accoda_mail.sql), which crea_ordine also
 * calls for an order's confirmation: one definition of a queued mail for TypeScript and SQL.
 * `dopoOrdine`: a mail about an order written in that order's transaction; its job waits for the
 * order's commit (accodaLavori), since a job queued inside made every order wait for the one before.
 */
export async function accodaMail(db: Db, mail: Mail, opzioni: { dopoOrdine?: number } = {}): Promise<number> {
  const [row] = await db.$client<{ id: number }[]>`
    SELECT accoda_mail(p_destinatario => ${mail.to}, p_oggetto => ${mail.subject}, p_testo => ${mail.text},
      p_reply_to => ${mail.replyTo ?? null}, p_dopo_ordine_id => ${opzioni.dopoOrdine ?? null}) AS id`;
  return row!.id;
}

/**
 * Queues a user's new credentials (utenti/mandacredenziali) in the caller's transaction: the row
 * names the user only, and the temporary password is drawn when the mail is sent
 * (server/posta/credenziali.ts), so that it is never stored.
 */
export async function accodaCredenziali(db: Db, utenteId: number): Promise<number> {
  const [row] = await db.$client<{ id: number }[]>`SELECT accoda_mail(p_utente_id => ${utenteId}) AS id`;
  return row!.id;
}
