import type { Task } from 'graphile-worker';
import { ordine, type Ordine } from '../../shared/ordini.js';
import type { Db } from '../db/client.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import { emettiCredenziali } from './credenziali.js';
import { emettiInvito } from './invito.js';
import { emettiResetPassword } from './reset-password.js';
import { confermaOrdine } from './testi.js';

type DaInviare = {
  inviata: boolean;
  destinatario: string | null;
  reply_to: string | null;
  oggetto: string | null;
  testo: string | null;
  credenziali: boolean;
  /** A password reset's link (reset_password). */
  reset: boolean;
  /** An invitation's link (inviti). */
  invito: boolean;
  /** An order's confirmation: the order read whole (ordini_letti), to parse. */
  ordine: unknown;
};

/** Why a credentials mail was not sent: a newer password counts instead of the one it would carry. */
export const MSG_CREDENZIALI_SUPERATE = 'Non inviata: la password è stata impostata di nuovo dopo la richiesta.';
/** Why a password reset's mail was not sent: its request was used or has expired. */
export const MSG_RESET_SUPERATO = 'Non inviata: la richiesta di nuova password è scaduta o è già stata usata.';
/** Why an invitation's mail was not sent: accepted, expired, the person removed, or sent again since. */
export const MSG_INVITO_SUPERATO = "Non inviata: l'invito è già stato accettato, è scaduto o è stato inviato di nuovo.";

/**
 * The job `invia_mail` (queued by accoda_mail with the row of mail_uscita, in the transaction of
 * what the mail tells about): composes an order's confirmation, or a user's new credentials, when
 * it is sent, or a password reset's or an invitation's link, sends, and records the outcome on the row (a credentials
 * or reset row keeps recipient and subject, never the text). `urlPortale`: the address the reset's
 * link opens (PUBLIC_URL). A failure is recorded and thrown: the queue retries with a growing pause
 * (graphile-worker: about e^n seconds, 10 attempts over some 9 hours), then keeps the job as failed.
 * A mail already sent is never sent again (a retry after a crash between send and record).
 */
export function inviaMail(db: Db, mailer: Mailer, urlPortale: string): Task {
  const sql = db.$client;
  return async (payload) => {
    const id = Number((payload as { id?: unknown }).id);
    const [m] = await sql<DaInviare[]>`
      SELECT m.inviata_at IS NOT NULL AS inviata, m.destinatario, m.reply_to, m.oggetto, m.testo,
        m.utente_id IS NOT NULL AS credenziali, m.reset_password_id IS NOT NULL AS reset,
        m.invito_id IS NOT NULL AS invito, (SELECT l.ordine FROM ordini_letti(ARRAY[m.ordine_id]) l) AS ordine
      FROM mail_uscita m
      WHERE m.id = ${id}`;
    // Gone with its order or user, or sent already: nothing to do.
    if (!m || m.inviata) return;
    const o = m.ordine === null ? null : ordine.parse(m.ordine);
    const mail: Mail | null = o ? await conPdf(confermaOrdine(o), o)
      : m.credenziali ? await emettiCredenziali(db, id)
      : m.reset ? await emettiResetPassword(db, id, urlPortale)
      : m.invito ? await emettiInvito(db, id, urlPortale)
      : { to: m.destinatario ?? '', subject: m.oggetto ?? '', text: m.testo ?? '', ...(m.reply_to ? { replyTo: m.reply_to } : {}) };
    if (!mail) {
      await sql`UPDATE mail_uscita SET ultimo_errore = ${m.reset ? MSG_RESET_SUPERATO : m.invito ? MSG_INVITO_SUPERATO : MSG_CREDENZIALI_SUPERATE} WHERE id = ${id}`;
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
        ${m.credenziali || m.reset || m.invito ? sql`, destinatario = ${mail.to}, oggetto = ${mail.subject}` : sql``}
      WHERE id = ${id}`;
  };
}

/**
 * An order's confirmation with the order's PDF attached (server/pdf/ordine-pdf.ts), drawn from the
 * same read of the order when it is sent, off the event loop at the lowest priority.
 */
async function conPdf(mail: Mail, o: Ordine): Promise<Mail> {
  return { ...mail, attachments: [{ filename: `ordine-${o.id}.pdf`, content: await disegnaPdf('ordine', o, 'sfondo'), contentType: 'application/pdf' }] };
}
