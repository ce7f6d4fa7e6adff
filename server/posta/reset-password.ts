import crypto from 'node:crypto';
import { MINUTI_LINK_PASSWORD } from '../../shared/accesso-costanti.js';
import { hashToken } from '../auth/sessioni.js';
import type { Db } from '../db/client.js';
import type { Mail } from '../lib/mailer.js';
import { linkNuovaPassword } from './testi.js';

/**
 * The mail of a password reset's request (a row of mail_uscita naming it), composed when it is sent
 * (job invia_mail): a fresh token is drawn and only its SHA-256 stored on the request, so the link
 * exists only in the mail. A retry after a failed send draws another (the one before reached
 * nobody). Its hour counts from the request. Null when the request is gone (used, its user
 * deleted) or has expired: nothing to send.
 */
export async function emettiResetPassword(db: Db, mailId: number, urlPortale: string): Promise<Mail | null> {
  const token = crypto.randomBytes(32).toString('base64url');
  const [u] = await db.$client<{ username: string; nome: string; cognome: string }[]>`
    UPDATE reset_password r SET token_hash = ${hashToken(token)}
    FROM mail_uscita m, utenti u
    WHERE m.id = ${mailId} AND r.id = m.reset_password_id AND u.id = r.utente_id
      AND r.created_at > now() - make_interval(mins => ${MINUTI_LINK_PASSWORD})
    RETURNING u.username, u.nome, u.cognome`;
  const base = urlPortale.endsWith('/') ? urlPortale.slice(0, -1) : urlPortale;
  // In the fragment: a browser never sends it to the server, so no log or Referer carries the token.
  return u ? linkNuovaPassword({ ...u, link: `${base}/reimposta-password#${token}` }) : null;
}
