import type { Task } from 'graphile-worker';
import type { Db } from '../db/client.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import { ordinePerPdf } from '../pdf/ordine-pdf.queries.js';
import { emettiCredenziali } from './credenziali.js';
import { confermaOrdine, type OrdinePerMail } from './testi.js';

type DaInviare = {
  inviata: boolean;
  destinatario: string | null;
  reply_to: string | null;
  oggetto: string | null;
  testo: string | null;
  credenziali: boolean;
  ordine: OrdinePerMail | null;
};

/** Why a credentials mail was not sent: a newer password counts instead of the one it would carry. */
export const MSG_CREDENZIALI_SUPERATE = 'Non inviata: la password è stata impostata di nuovo dopo la richiesta.';

/**
 * The job `invia_mail` (queued by accoda_mail with the row of mail_uscita, in the transaction of
 * what the mail tells about): composes an order's confirmation, or a user's new credentials, when
 * it is sent, sends, and records the outcome on the row (a credentials row keeps recipient and
 * subject, never the text). A failure is recorded and thrown: the queue retries with a growing pause
 * (graphile-worker: about e^n seconds, 10 attempts over some 9 hours), then keeps the job as failed.
 * A mail already sent is never sent again (a retry after a crash between send and record).
 */
export function inviaMail(db: Db, mailer: Mailer): Task {
  const sql = db.$client;
  return async (payload) => {
    const id = Number((payload as { id?: unknown }).id);
    const [m] = await sql<DaInviare[]>`
      SELECT m.inviata_at IS NOT NULL AS inviata, m.destinatario, m.reply_to, m.oggetto, m.testo,
        m.utente_id IS NOT NULL AS credenziali,
        CASE WHEN o.id IS NOT NULL THEN json_build_object(
          'ordine_id', o.id, 'username', u.username, 'utente_nome', u.nome, 'utente_cognome', u.cognome,
          'cliente_nome', o.cliente_nome, 'cliente_codice', o.cliente_codice, 'nome', o.nome, 'note', o.note,
          'totale', o.totale::text,
          'righe', coalesce((
            SELECT json_agg(json_build_object('codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.prodotto_nome,
              'qt', r.qt, 'qt_in_consegna', r.qt_in_consegna, 'qt_in_arrivo', r.qt_in_arrivo,
              'prezzo_reale', r.prezzo_reale::text) ORDER BY r.id)
            FROM ordini_righe r WHERE r.ordine_id = o.id), '[]'::json)) END AS ordine
      FROM mail_uscita m
      LEFT JOIN ordini o ON o.id = m.ordine_id
      LEFT JOIN utenti u ON u.id = o.utente_id
      WHERE m.id = ${id}`;
    // Gone with its order or user, or sent already: nothing to do.
    if (!m || m.inviata) return;
    const mail: Mail | null = m.ordine ? await conPdf(db, confermaOrdine(m.ordine), m.ordine.ordine_id)
      : m.credenziali ? await emettiCredenziali(db, id)
      : { to: m.destinatario ?? '', subject: m.oggetto ?? '', text: m.testo ?? '', ...(m.reply_to ? { replyTo: m.reply_to } : {}) };
    if (!mail) {
      await sql`UPDATE mail_uscita SET ultimo_errore = ${MSG_CREDENZIALI_SUPERATE} WHERE id = ${id}`;
      return;
    }
    try {
      await mailer.send(mail);
    } catch (err) {
      await sql`
        UPDATE mail_uscita SET tentativi = tentativi + 1,
          ultimo_errore = ${String(err instanceof Error ? err.message : err).slice(0, 500)}
        WHERE id = ${id}`;
      throw err;
    }
    await sql`
      UPDATE mail_uscita SET tentativi = tentativi + 1, inviata_at = now(), ultimo_errore = NULL
        ${m.credenziali ? sql`, destinatario = ${mail.to}, oggetto = ${mail.subject}` : sql``}
      WHERE id = ${id}`;
  };
}

/** An order's confirmation with the order's PDF attached (server/pdf/ordine-pdf.ts), drawn when it is sent, off the event loop at the lowest priority. */
async function conPdf(db: Db, mail: Mail, ordineId: number): Promise<Mail> {
  const o = await ordinePerPdf(db, ordineId);
  if (!o) return mail;
  return { ...mail, attachments: [{ filename: `ordine-${ordineId}.pdf`, content: await disegnaPdf('ordine', o, 'sfondo'), contentType: 'application/pdf' }] };
}
