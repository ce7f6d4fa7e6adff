import crypto from 'node:crypto';
import { hashToken } from '../auth/sessioni.js';
import type { Db } from '../db/client.js';
import type { Mail } from '../lib/mailer.js';
import { invito } from './testi.js';

/**
 * The mail of an invitation (a row of mail_uscita naming it), composed when it is sent (job
 * invia_mail), as a password reset's: a fresh token is drawn and only its SHA-256 stored on the
 * invitation, so the link exists only in the mail; a retry after a failed send draws another. Only
 * the invitation's latest mail carries a link (an older one still queued when it was sent again
 * would void the new one). Null when the invitation is gone (accepted, the person removed), has
 * expired, or a newer mail of it exists: nothing to send.
 */
export async function emettiInvito(db: Db, mailId: number, urlPortale: string): Promise<Mail | null> {
  const token = crypto.randomBytes(32).toString('base64url');
  const [u] = await db.$client<{ username: string; nome: string; cognome: string; invitante: string | null; clienti: string[] | null }[]>`
    UPDATE inviti i SET token_hash = ${hashToken(token)}
    FROM mail_uscita m, utenti u
    WHERE m.id = ${mailId} AND i.id = m.invito_id AND u.id = i.utente_id AND i.scade_at > now()
      AND m.id = (SELECT max(m2.id) FROM mail_uscita m2 WHERE m2.invito_id = i.id)
    RETURNING u.username, u.nome, u.cognome,
      (SELECT a.nominativo FROM utenti a WHERE a.id = i.invitato_da) AS invitante,
      (SELECT array_agg(c.ragione_sociale ORDER BY c.ragione_sociale)
        FROM utenti_clienti uc JOIN clienti c ON c.id = uc.cliente_id
        WHERE uc.utente_id = i.utente_id AND uc.stato = 'invitato') AS clienti`;
  if (!u) return null;
  const base = urlPortale.endsWith('/') ? urlPortale.slice(0, -1) : urlPortale;
  // In the query string, as the link's page is named (/invito?token=…): the page takes it out of
  // the address bar at once, the server's logs mask a `token` wherever it is, and its pages send
  // no Referer (docs/decisions/invito-link.md).
  return invito({ ...u, invitante: u.invitante ?? '', clienti: u.clienti ?? [], link: `${base}/invito?token=${token}` });
}
