import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import { inTransazione } from '../../server/db/client.js';
import { mailUscita } from '../../server/db/schema/index.js';
import { accodaMail } from '../../server/posta/accoda-mail.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../support/factories.js';
import { loginCliente, useTestApp } from '../support/harness.js';
import { allegatoEml, testoPdf } from '../support/pdf.js';

// Mail is written with what it tells about and its job (graphile-worker: server/posta/invia-mail.ts),
// sent by the servers' workers, retried when the mail server is down, and sent once even with several servers.
const t = useTestApp();
let cookie = '';
let utenteCodice = '';
const emls = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : []);
const conMail = (nome: string, extra: Partial<AppConfig> = {}): Promise<FastifyInstance> =>
  buildApp({ ...t().config, mailDir: path.join(t().config.dataDir, nome), ...extra }, { logger: false });

beforeAll(async () => {
  // This file drives its own senders: the test app's worker stays out of the way.
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const u = await createUtente(db, { clienti: [c.id], username: 'mario@test.local' });
  utenteCodice = u.codice;
  cookie = await loginCliente(t().app, u);
  await createProdotto(db, { codiceProdotto: 'A1', descrizione1: 'Articolo uno', prezzi: { 1: '10.000' }, disponibilita: 100 });
});

const ordina = (app: FastifyInstance) => app.inject({
  method: 'POST', url: '/api/ordini/create', headers: { cookie },
  payload: {
    azienda_codice: '0001', cliente_codice: '000100', utente_codice: utenteCodice, riferimento_cantiere: 'Cantiere Piazza Duomo',
    carrelloItems: [{ codice_prodotto: 'A1', quantita: 1 }],
  },
});

/** Makes the jobs with these keys due now (the public reschedule of graphile-worker). */
async function subito(chiavi: string[]) {
  await t().database.sql`
    SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ANY(${chiavi}::text[])), run_at => now())`;
}

describe('mail jobs', () => {
  it('keeps an order confirmation while the mail server is down and sends it once it is back', async () => {
    const giu = await conMail('giu', { smtpUrl: 'smtp://127.0.0.1:1' });
    let ordineId = 0;
    let mailId = 0;
    try {
      const res = await ordina(giu);
      expect(res.json()).toMatchObject({ status: 0 });
      ordineId = res.json().ordine_id;
      await vi.waitFor(async () => {
        const [m] = await t().database.db.select().from(mailUscita).where(eq(mailUscita.ordineId, ordineId));
        expect(m).toMatchObject({ inviataAt: null, ultimoErrore: expect.stringMatching(/ECONNREFUSED/) });
        expect(m!.tentativi).toBeGreaterThanOrEqual(1);
        mailId = m!.id;
      }, { timeout: 10_000 });
      // The job stays, with a retry a little later.
      await vi.waitFor(async () => {
        const [job] = await t().database.sql<{ attempts: number; run_at: Date; last_error: string | null }[]>`
          SELECT attempts, run_at, last_error FROM graphile_worker.jobs WHERE key = ${`mail:${mailId}`}`;
        expect(job!.attempts).toBeGreaterThanOrEqual(1);
        expect(job!.last_error).toMatch(/ECONNREFUSED/);
        expect(new Date(job!.run_at).getTime()).toBeGreaterThan(Date.now());
      }, { timeout: 5000 });
    } finally {
      await giu.close();
    }
    const [{ tentativi }] = await t().database.sql<{ tentativi: number }[]>`SELECT tentativi FROM mail_uscita WHERE id = ${mailId}`;
    const su = await conMail('su');
    try {
      await subito([`mail:${mailId}`]);
      // This process's worker or esegui() sends it, whichever takes the job first.
      await su.deps.lavori.esegui();
      await vi.waitFor(() => expect(emls(su.deps.config.mailDir)).toHaveLength(1), { timeout: 5000 });
      const files = emls(su.deps.config.mailDir);
      const mail = fs.readFileSync(path.join(su.deps.config.mailDir, files[0]!), 'utf8');
      expect(mail).toContain(`Conferma ordine #${ordineId}`);
      expect(mail).toContain('Articolo uno');
      expect(mail).toContain('Riferimento cantiere: Cantiere Piazza Duomo');
      // The order's confirmation PDF goes with it (server/pdf/ordine-pdf.ts).
      const pdf = allegatoEml(mail, `ordine-${ordineId}.pdf`);
      expect(pdf?.tipo).toBe('application/pdf');
      expect(pdf!.dati.subarray(0, 5).toString()).toBe('%PDF-');
      const testo = (await testoPdf(pdf!.dati)).join('\n');
      expect(testo).toContain(`Conferma d’ordine`);
      expect(testo).toMatch(/A1\s+Articolo uno\s+1\s+10,000 €/);
      expect(testo).toContain('Riferimento cantiere: Cantiere Piazza Duomo');
      const [m] = await vi.waitFor(async () => {
        const righe = await t().database.db.select().from(mailUscita).where(eq(mailUscita.ordineId, ordineId));
        expect(righe[0]!.inviataAt).not.toBeNull();
        return righe;
      });
      expect(m).toMatchObject({ tentativi: tentativi + 1, ultimoErrore: null, inviataAt: expect.any(Date) });
      // Done: the job is gone; running again sends nothing more.
      expect(await t().database.sql`SELECT 1 FROM graphile_worker.jobs WHERE key = ${`mail:${mailId}`}`).toHaveLength(0);
      await su.deps.lavori.esegui();
      expect(emls(su.deps.config.mailDir)).toHaveLength(1);
    } finally {
      await su.close();
    }
  });

  it('sends each mail once when two servers send at the same time', async () => {
    const a = await conMail('a');
    const b = await conMail('b');
    try {
      await t().database.sql`
        SELECT accoda_mail(p_destinatario => 'ufficio@test.local', p_oggetto => 'Messaggio ' || g, p_testo => 'Testo ' || g)
        FROM generate_series(1, 250) g`;
      await Promise.all([a.deps.lavori.esegui(), b.deps.lavori.esegui()]);
      await vi.waitFor(async () => {
        const [{ n }] = (await t().database.db.$client<{ n: number }[]>`SELECT count(*)::int AS n FROM mail_uscita WHERE inviata_at IS NULL`);
        expect(n).toBe(0);
      }, { timeout: 10_000 });
      const subjects = [...emls(a.deps.config.mailDir).map((f) => path.join(a.deps.config.mailDir, f)),
        ...emls(b.deps.config.mailDir).map((f) => path.join(b.deps.config.mailDir, f))]
        .map((f) => /Subject: (.*)/.exec(fs.readFileSync(f, 'utf8'))![1]);
      expect(subjects).toHaveLength(250);
      expect(emls(a.deps.config.mailDir).length).toBeGreaterThan(0); // both servers took part
      expect(emls(b.deps.config.mailDir).length).toBeGreaterThan(0);
      expect(new Set(subjects).size).toBe(250);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('accodaMail', () => {
  const mail = { to: 'ufficio@test.local', replyTo: 'cliente@test.local', subject: 'Accodata', text: 'Riga uno\nRiga due' };

  it('queues a mail with what it tells about, and the outbox sends it', async () => {
    const { db } = t().database;
    const id = await inTransazione(db, (tx) => accodaMail(tx, mail));
    const [m] = await db.select().from(mailUscita).where(eq(mailUscita.id, id));
    expect(m).toMatchObject({ ordineId: null, destinatario: mail.to, replyTo: mail.replyTo, oggetto: mail.subject, testo: mail.text, inviataAt: null });
    const app = await conMail('accoda');
    try {
      await app.deps.lavori.esegui();
      await vi.waitFor(() => expect(emls(app.deps.config.mailDir)).toHaveLength(1), { timeout: 5000 });
      const [file] = emls(app.deps.config.mailDir);
      const eml = fs.readFileSync(path.join(app.deps.config.mailDir, file!), 'utf8');
      expect(eml).toContain('Subject: Accodata');
      expect(eml).toContain('Reply-To: cliente@test.local');
      expect(eml).toContain('Riga due');
    } finally {
      await app.close();
    }
  });

  it('leaves nothing queued when the transaction rolls back: no row, no job', async () => {
    const { db } = t().database;
    const prima = await db.$count(mailUscita);
    const [{ jobs }] = await t().database.sql<{ jobs: number }[]>`SELECT count(*)::int AS jobs FROM graphile_worker.jobs`;
    await expect(inTransazione(db, async (tx) => {
      await accodaMail(tx, { ...mail, subject: 'Annullata' });
      throw new Error('annulla');
    })).rejects.toThrow('annulla');
    expect(await db.$count(mailUscita)).toBe(prima);
    expect((await t().database.sql<{ jobs: number }[]>`SELECT count(*)::int AS jobs FROM graphile_worker.jobs`)[0]!.jobs).toBe(jobs);
  });

  it('refuses a mail without recipient, subject or text', async () => {
    // The SQL function's own refusal (tagged SQL: the driver's error itself, not wrapped by drizzle).
    await expect(accodaMail(t().database.db, { ...mail, text: null as unknown as string }))
      .rejects.toThrow(/servono destinatario, oggetto e testo/);
  });
});
