import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import type { AppConfig } from '../../../server/config.js';
import { mailUscita } from '../../../server/db/schema/index.js';
import { MSG_CREDENZIALI_SUPERATE } from '../../../server/posta/invia-mail.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint, loginAdmin, useTestApp } from '../../support/harness.js';
import { mailPer, passwordDellaMail } from '../../support/mail.js';

// utenti/mandacredenziali (docs/regole/accesso.md#temporary-passwords): the temporary password is drawn when the mail is sent and
// exists only in the delivered mail, never in the database; it expires 72 hours after the request.
const t = useTestApp();
let admin = '';
let cliente = 0;
let n = 0;

beforeAll(async () => {
  // The mail jobs run when a test says so, in the app it names.
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  cliente = (await createCliente(db, { aziendaCodice: az.codice, codice: '000100' })).id;
  admin = await loginAdmin(t().app, await createAdmin(db));
});

/** An app sending into a mail folder of its own, whose jobs run only when esegui() is called. */
async function conMail(nome: string, extra: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...t().config, mailDir: path.join(t().config.dataDir, nome), ...extra }, { logger: false });
  await app.deps.lavori.stop();
  return app;
}
const nuovoUtente = () => createUtente(t().database.db, { clienti: [cliente], username: `credenziali${++n}@test.local`, password: 'Vecchia-Password-1' });
const mandaCredenziali = async (utenteId: number) => {
  const res = await t().app.inject({ method: 'POST', url: '/api/utenti/mandacredenziali', headers: { cookie: admin }, payload: { utente_id: utenteId } });
  expect(res.json()).toEqual({ status: 0, msg: 'Credenziali inviate con successo.' });
};
const login = (username: string, password: string) => t().app.inject({
  method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password, fingerprint: fingerprint() },
});
/** The mails an app sent to `to`: there must be one. */
function mailArrivate(app: FastifyInstance, to: string): string[] {
  const mails = mailPer(app.deps.config.mailDir, to);
  expect(mails).toHaveLength(1);
  return mails;
}
const righe = (utenteId: number) => t().database.db.select().from(mailUscita).where(eq(mailUscita.utenteId, utenteId)).orderBy(mailUscita.id);

/** Every row of every table (the job queue's included) as text, to look for a secret in. */
async function tuttoIlDatabase(): Promise<string> {
  const tabelle = await t().database.sql<{ s: string; t: string }[]>`
    SELECT table_schema AS s, table_name AS t FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
  const parti = await Promise.all(tabelle.map(async ({ s, t: nome }) => {
    const rows = await t().database.sql.unsafe<{ r: string }[]>(`SELECT t::text AS r FROM "${s}"."${nome}" t`);
    return rows.map((r) => r.r).join('\n');
  }));
  expect(tabelle.length).toBeGreaterThan(20);
  return parti.join('\n');
}

/** Makes the mail jobs of these rows due now (graphile-worker's public reschedule). */
async function subito(ids: number[]): Promise<void> {
  await t().database.sql`
    SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ANY(${ids.map((id) => `mail:${id}`)}::text[])), run_at => now())`;
}

describe('the mailed temporary password', () => {
  it('is in the delivered mail and nowhere in the database; the sent row keeps recipient and subject', async () => {
    const u = await nuovoUtente();
    await mandaCredenziali(u.id);
    const app = await conMail('inviate');
    try {
      await app.deps.lavori.esegui();
      const [mail] = mailArrivate(app, u.username);
      const password = passwordDellaMail(mail!);
      expect(password).toMatch(/^\S{5}-\S{5}-\S{5}$/);
      expect(mail).toContain('La password temporanea vale 72 ore');
      expect(await righe(u.id)).toEqual([expect.objectContaining({
        destinatario: u.username, oggetto: 'Credenziali di accesso al portale', testo: null, inviataAt: expect.any(Date), ultimoErrore: null,
      })]);
      const db = await tuttoIlDatabase();
      expect(db).toContain(u.username);
      expect(db).not.toContain(password);
      expect(db).not.toContain('Password temporanea');
      expect((await login(u.username, password)).json().utente).toMatchObject({ status: 0, cambio_password: 1 });
    } finally {
      await app.close();
    }
  });

  it('a mail that fails keeps nothing secret; the next try draws a new password, which works', async () => {
    const u = await nuovoUtente();
    await mandaCredenziali(u.id);
    const [riga] = await righe(u.id);
    const giu = await conMail('giu', { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await giu.deps.lavori.esegui();
    } finally {
      await giu.close();
    }
    expect(await righe(u.id)).toEqual([expect.objectContaining({ testo: null, inviataAt: null, tentativi: 1, ultimoErrore: expect.stringMatching(/ECONNREFUSED/) })]);
    expect(await tuttoIlDatabase()).not.toContain('Password temporanea');
    // Neither the old password nor anything else opens the account meanwhile.
    expect((await login(u.username, 'Vecchia-Password-1')).json().utente.status).toBe(1);

    const su = await conMail('su');
    try {
      await subito([riga!.id]);
      await su.deps.lavori.esegui();
      const mails = mailArrivate(su, u.username);
      const password = passwordDellaMail(mails[0]!);
      expect(await tuttoIlDatabase()).not.toContain(password);
      expect((await login(u.username, password)).json().utente).toMatchObject({ status: 0, cambio_password: 1 });
    } finally {
      await su.close();
    }
  });

  it('a request superseded before its mail went (a second request, an admin setting a password) is not sent', async () => {
    const u = await nuovoUtente();
    await mandaCredenziali(u.id);
    await mandaCredenziali(u.id);
    const v = await nuovoUtente();
    await mandaCredenziali(v.id);
    const modifica = await t().app.inject({
      method: 'POST', url: '/api/utenti/create', headers: { cookie: admin },
      payload: { utente_id: v.id, username: v.username, nome: v.nome, cognome: v.cognome, password: 'Scelta-Dall-Admin-1' },
    });
    expect(modifica.json().status).toBe(0);
    const app = await conMail('superate');
    try {
      await app.deps.lavori.esegui();
      const mails = mailArrivate(app, u.username);
      expect((await login(u.username, passwordDellaMail(mails[0]!))).json().utente.status).toBe(0);
      const [prima, seconda] = await righe(u.id);
      expect(prima).toMatchObject({ inviataAt: null, ultimoErrore: MSG_CREDENZIALI_SUPERATE });
      expect(seconda).toMatchObject({ inviataAt: expect.any(Date), ultimoErrore: null });
      expect(mailPer(app.deps.config.mailDir, v.username)).toEqual([]);
      expect((await righe(v.id))[0]).toMatchObject({ inviataAt: null, ultimoErrore: MSG_CREDENZIALI_SUPERATE });
      expect((await login(v.username, 'Scelta-Dall-Admin-1')).json().utente.status).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('a temporary password expires 72 hours after the request', () => {
  async function conPasswordInviata() {
    const u = await nuovoUtente();
    await mandaCredenziali(u.id);
    const app = await conMail(`scadenza-${u.id}`);
    try {
      await app.deps.lavori.esegui();
      return { u, password: passwordDellaMail(mailArrivate(app, u.username)[0]!) };
    } finally {
      await app.close();
    }
  }
  const impostataDa = (id: number, fa: string) =>
    t().database.db.$client`UPDATE utenti SET password_impostata_at = now() - ${fa}::interval WHERE id = ${id}`;

  it('after them the right password is refused with a message that says what to do', async () => {
    const { u, password } = await conPasswordInviata();
    await impostataDa(u.id, '72 hours 1 minute');
    const res = await login(u.username, password);
    expect(res.json().utente).toEqual({ status: 1, msg: "Password temporanea scaduta: chiedi nuove credenziali all'amministratore.", clienti: [] });
    expect(res.cookies).toHaveLength(0);
  });

  it('within them it works, and asks for a new password as before; a password of the user\'s own never expires', async () => {
    const { u, password } = await conPasswordInviata();
    await impostataDa(u.id, '71 hours 59 minutes');
    const res = await login(u.username, password);
    expect(res.json().utente).toMatchObject({ status: 0, cambio_password: 1 });
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    const cambio = await t().app.inject({
      method: 'POST', url: '/api/password/cambia', headers: { cookie }, payload: { password_attuale: password, nuova_password: 'Cacciavite a stella 3' },
    });
    expect(cambio.json().status).toBe(0);
    await impostataDa(u.id, '400 days');
    expect((await login(u.username, 'Cacciavite a stella 3')).json().utente).toMatchObject({ status: 0, cambio_password: 0 });
  });
});
