import type { Sql } from '../db/client.js';
import { isDatabaseUnreachable, outageLogger } from '../lib/database-unreachable.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { confermaOrdine, type OrdinePerMail } from './testi.js';

/** Mails claimed and sent per pass. */
const BATCH = 100;
/** A claimed mail is left alone by other senders this long (a sender that died mid-pass). */
const LEASE = '10 minutes';
/** After this many failures a mail stays in the table with its last error. */
const MAX_TENTATIVI = 10;
/** Retries and missed notices are picked up at least this often. */
const EVERY_MS = 30_000;

interface Log {
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

type Dovuta = {
  id: number;
  tentativi: number;
  destinatario: string | null;
  reply_to: string | null;
  oggetto: string | null;
  testo: string | null;
  ordine: OrdinePerMail | null;
};

/**
 * Sends the mail of the table mail_uscita (migration 0010): woken by the notice of every new row
 * and every EVERY_MS. Mails are claimed with SKIP LOCKED and a lease, so several server processes
 * share the work and a mail is sent once; a failure is retried later with a growing pause.
 */
export class PostaInUscita {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private readonly outage = outageLogger();

  constructor(private readonly sql: Sql, private readonly mailer: Mailer, private readonly log: Log) {}

  async start(): Promise<void> {
    await this.sql.listen('mail_uscita', () => void this.sveglia(), () => void this.sveglia());
    this.timer = setInterval(() => void this.sveglia(), EVERY_MS);
    this.timer.unref();
  }

  /** Sends all that is due; a call during a pass asks for one more pass after it. */
  sveglia(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.passata()) === BATCH);
        } while (this.again && !this.stopped);
      } catch (err) {
        // The database gone: postgres.js listens again once it is back, and that wakes this up.
        if (isDatabaseUnreachable(err)) this.outage(this.log, err, 'Posta in uscita: database non raggiungibile, invio sospeso');
        else this.log.warn({ err }, 'Posta in uscita: invio sospeso fino al prossimo turno');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Claims up to BATCH due mails, sends them and records how it went; returns how many it claimed. */
  private async passata(): Promise<number> {
    const dovute = await this.sql<Dovuta[]>`
      WITH prese AS (
        UPDATE mail_uscita m SET tentativi = m.tentativi + 1, prossimo_tentativo = now() + ${LEASE}::interval
        WHERE m.id IN (
          SELECT id FROM mail_uscita
          WHERE inviata_at IS NULL AND prossimo_tentativo <= now() AND tentativi < ${MAX_TENTATIVI}
          ORDER BY prossimo_tentativo, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING m.id, m.tentativi, m.destinatario, m.reply_to, m.oggetto, m.testo, m.ordine_id)
      SELECT p.id, p.tentativi, p.destinatario, p.reply_to, p.oggetto, p.testo,
        CASE WHEN o.id IS NOT NULL THEN json_build_object(
          'ordine_id', o.id, 'username', u.username, 'utente_nome', u.nome, 'utente_cognome', u.cognome,
          'cliente_nome', o.cliente_nome, 'cliente_codice', o.cliente_codice, 'nome', o.nome, 'note', o.note,
          'totale', o.totale::text,
          'righe', coalesce((
            SELECT json_agg(json_build_object('codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.prodotto_nome,
              'qt', r.qt, 'qt_in_consegna', r.qt_in_consegna, 'qt_in_arrivo', r.qt_in_arrivo,
              'prezzo_reale', r.prezzo_reale::text) ORDER BY r.id)
            FROM ordini_righe r WHERE r.ordine_id = o.id), '[]'::json)) END AS ordine
      FROM prese p
      LEFT JOIN ordini o ON o.id = p.ordine_id
      LEFT JOIN utenti u ON u.id = o.utente_id
      ORDER BY p.id`;
    const inviate: number[] = [];
    for (const d of dovute) {
      const mail: Mail = d.ordine
        ? confermaOrdine(d.ordine)
        : { to: d.destinatario ?? '', subject: d.oggetto ?? '', text: d.testo ?? '', ...(d.reply_to ? { replyTo: d.reply_to } : {}) };
      try {
        await this.mailer.send(mail);
        inviate.push(d.id);
      } catch (err) {
        this.log.warn({ err, mail: d.id, to: mail.to, subject: mail.subject }, 'Email non inviata: nuovo tentativo più tardi');
        const pausa = Math.min(2 ** d.tentativi, 360); // minutes: 2, 4, 8… up to 6 hours
        await this.sql`
          UPDATE mail_uscita SET ultimo_errore = ${String(err instanceof Error ? err.message : err).slice(0, 500)},
            prossimo_tentativo = now() + make_interval(mins => ${pausa})
          WHERE id = ${d.id}`;
      }
    }
    if (inviate.length > 0) {
      await this.sql`UPDATE mail_uscita SET inviata_at = now(), ultimo_errore = NULL WHERE id = ANY(${inviate}::int[])`;
    }
    return dovute.length;
  }
}
