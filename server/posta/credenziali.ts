import { hashPassword, passwordTemporanea } from '../auth/passwords.js';
import type { Db } from '../db/client.js';
import type { Mail } from '../lib/mailer.js';
import { credenziali } from './testi.js';

/**
 * The credentials mail of a row of mail_uscita, composed when it is sent (job invia_mail): a fresh
 * temporary password is drawn and its hash stored; the password itself exists only in the returned
 * mail, never in the database. A retry after a failed send draws another (the one before reached
 * nobody). Its age counts from the admin's request (password_impostata_at, left as it was), so
 * the mail server's delays do not lengthen it. Null when the user's password was set after the
 * request (a newer credentials mail, an admin's edit): that one counts, this mail is not sent.
 */
export async function emettiCredenziali(db: Db, mailId: number): Promise<Mail | null> {
  const password = passwordTemporanea();
  const passwordHash = await hashPassword(password);
  const [u] = await db.$client<{ username: string; nome: string; cognome: string }[]>`
    UPDATE utenti u SET password_hash = ${passwordHash}, updated_at = now()
    FROM mail_uscita m
    WHERE m.id = ${mailId} AND u.id = m.utente_id AND u.password_temporanea AND u.password_impostata_at <= m.created_at
    RETURNING u.username, u.nome, u.cognome`;
  return u ? credenziali({ ...u, password }) : null;
}
