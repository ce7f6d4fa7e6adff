import crypto from 'node:crypto';
import { eq, sql as dsql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_RESET_PASSWORD, MSG_PASSWORD } from '../../../shared/utenti.js';
import { mailUscita, resetPassword, utenti } from '../../../server/db/schema/index.js';
import { MSG_RESET_SUPERATO } from '../../../server/posta/invia-mail.js';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint, useTestApp } from '../../support/harness.js';
import { mailPer } from '../../support/mail.js';

/** 'Password dimenticata?' (docs/regole/accesso.md#password-reset): password/dimenticata and password/reimposta. */
const t = useTestApp();
let clienteId = 0;

beforeAll(async () => {
  // The mail jobs run when a test says so (esegui).
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001', ragioneSociale: 'Ferramenta Distribuzione S.p.A.' });
  clienteId = (await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi S.n.c.' })).id;
});

const NUOVA = 'Cacciavite-Stella-42';
let ip = 0;
/** Each test from an address of its own: the limits count per address. */
const indirizzo = () => `10.0.0.${++ip}`;
const chiedi = (email: string, remoteAddress = '10.0.1.1') =>
  t().app.inject({ method: 'POST', url: '/api/password/dimenticata', payload: { email }, remoteAddress });
const reimposta = (token: string, nuova_password: string, remoteAddress = '10.0.2.1') =>
  t().app.inject({ method: 'POST', url: '/api/password/reimposta', payload: { token, nuova_password }, remoteAddress });
const login = (username: string, password: string, device = 'device-1') => t().app.inject({
  method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password, fingerprint: fingerprint(device) },
});
const sessione = async (username: string, password: string, device = 'device-1') => {
  const c = (await login(username, password, device)).cookies.find((k) => k.name === 'sid');
  if (!c) throw new Error('login fallito');
  return `sid=${c.value}`;
};
const valida = async (cookie: string) => (await t().app.inject({ url: '/api/sessione', headers: { cookie } })).statusCode;
/** The token of the n-th reset mail sent to `to`, once the job has written it. */
const tokenDellaMail = (to: string, n = 1) => vi.waitFor(async () => {
  await t().app.deps.lavori.esegui();
  const mails = mailPer(t().config.mailDir, to).filter((m) => m.includes('Subject: Nuova password per il portale'));
  expect(mails.length).toBeGreaterThanOrEqual(n);
  const link = /(\S+\/reimposta-password#)([A-Za-z0-9_-]{43})/.exec(mails[n - 1]!);
  expect(link, mails[n - 1]).not.toBeNull();
  return link![2]!;
}, { timeout: 10_000 });
const nuovoUtente = (username: string) => createUtente(t().database.db, { clienti: [clienteId], username, password: 'Vecchia-Password-1' });

describe('password/dimenticata and password/reimposta', () => {
  it('mails a link whose token is kept only hashed; it sets an own password, ends every session, and works once', async () => {
    const u = await nuovoUtente('reset.uno@test.local');
    const s1 = await sessione(u.username, u.password);
    const s2 = await sessione(u.username, u.password, 'device-2');
    const r = await chiedi('  Reset.Uno@test.local ');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 0, msg: MSG_RESET_PASSWORD.richiesta });
    const token = await tokenDellaMail(u.username);
    const { db } = t().database;
    const [req] = await db.select().from(resetPassword).where(eq(resetPassword.utenteId, u.id));
    expect(req!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const [mail] = await db.select().from(mailUscita).where(eq(mailUscita.resetPasswordId, req!.id));
    expect(mail).toMatchObject({ destinatario: u.username, oggetto: 'Nuova password per il portale', testo: null });
    expect(mail!.inviataAt).not.toBeNull();
    expect(JSON.stringify(await db.select().from(mailUscita))).not.toContain(token);

    const ok = await reimposta(token, NUOVA);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 0, msg: MSG_RESET_PASSWORD.impostata });
    expect([await valida(s1), await valida(s2)]).toEqual([401, 401]);
    expect((await login(u.username, 'Vecchia-Password-1')).json().utente.status).toBe(1);
    expect((await login(u.username, NUOVA)).json().utente).toMatchObject({ status: 0, cambio_password: 0 });
    const [row] = await db.select().from(utenti).where(eq(utenti.id, u.id));
    expect(row!.passwordTemporanea).toBe(false);
    expect(row!.passwordHash).not.toContain(NUOVA);

    // Used: the same link again is refused, and the password stays.
    const ancora = await reimposta(token, 'Altra-Password-Lunga-9');
    expect(ancora.statusCode).toBe(400);
    expect(ancora.json()).toMatchObject({ code: 'link_non_valido', msg: MSG_RESET_PASSWORD.linkNonValido });
    expect((await login(u.username, NUOVA)).json().utente.status).toBe(0);
    expect(await db.select().from(resetPassword).where(eq(resetPassword.utenteId, u.id))).toEqual([]);
  });

  it('one link used twice at once sets one password: one answer 200, the other refused', async () => {
    const u = await nuovoUtente('reset.doppio@test.local');
    expect((await chiedi(u.username, '10.0.1.9')).statusCode).toBe(200);
    const token = await tokenDellaMail(u.username);
    const risposte = await Promise.all([reimposta(token, NUOVA, '10.0.2.9'), reimposta(token, 'Altra-Password-Lunga-9', '10.0.2.9')]);
    expect(risposte.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const vinta = risposte[0]!.statusCode === 200 ? NUOVA : 'Altra-Password-Lunga-9';
    const persa = vinta === NUOVA ? 'Altra-Password-Lunga-9' : NUOVA;
    expect((await login(u.username, vinta)).json().utente.status).toBe(0);
    expect((await login(u.username, persa)).json().utente.status).toBe(1);
  });

  it('answers an unknown address, and a disabled user, exactly as an account: no request, no mail', async () => {
    const u = await nuovoUtente('reset.due@test.local');
    const { db } = t().database;
    await db.update(utenti).set({ statusLogin: 1 }).where(eq(utenti.id, u.id));
    const prima = (await db.select({ n: dsql<number>`count(*)::int` }).from(resetPassword))[0]!.n;
    const sconosciuto = await chiedi('nessuno@test.local', indirizzo());
    const disabilitato = await chiedi(u.username, indirizzo());
    const esistente = await chiedi((await nuovoUtente('reset.tre@test.local')).username, indirizzo());
    for (const r of [sconosciuto, disabilitato]) {
      expect(r.statusCode).toBe(esistente.statusCode);
      expect(r.body).toBe(esistente.body);
    }
    expect((await db.select({ n: dsql<number>`count(*)::int` }).from(resetPassword))[0]!.n).toBe(prima + 1);
    await t().app.deps.lavori.esegui();
    expect(mailPer(t().config.mailDir, 'nessuno@test.local')).toEqual([]);
    expect(mailPer(t().config.mailDir, u.username)).toEqual([]);
  });

  it('an expired link (past its hour) is refused as expired; its mail, not sent yet, is not sent', async () => {
    const u = await nuovoUtente('reset.quattro@test.local');
    await chiedi(u.username, indirizzo());
    const token = await tokenDellaMail(u.username);
    const { db } = t().database;
    await db.update(resetPassword).set({ createdAt: dsql`now() - interval '61 minutes'` }).where(eq(resetPassword.utenteId, u.id));
    const r = await reimposta(token, NUOVA);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'link_scaduto', msg: MSG_RESET_PASSWORD.linkScaduto });
    expect((await login(u.username, 'Vecchia-Password-1')).json().utente.status).toBe(0);

    // A request whose mail waited past the hour (a mail server down): no link is sent.
    await chiedi(u.username, indirizzo());
    await db.update(resetPassword).set({ createdAt: dsql`now() - interval '61 minutes'` }).where(eq(resetPassword.utenteId, u.id));
    await t().app.deps.lavori.esegui();
    const righe = await db.select().from(mailUscita).where(dsql`${mailUscita.resetPasswordId} IN (SELECT id FROM reset_password WHERE utente_id = ${u.id})`).orderBy(mailUscita.id);
    expect(righe.map((m) => [m.inviataAt === null, m.ultimoErrore])).toEqual([[false, null], [true, MSG_RESET_SUPERATO]]);
    expect(mailPer(t().config.mailDir, u.username)).toHaveLength(1);
  });

  it('a weak password is refused under its field and leaves the link usable; wrong and malformed tokens are refused', async () => {
    const u = await nuovoUtente('reset.cinque@test.local');
    await chiedi(u.username, indirizzo());
    const token = await tokenDellaMail(u.username);
    for (const [debole, msg] of [['corta', MSG_PASSWORD.corta], [u.username, MSG_PASSWORD.username], ['FerramentaRossi2024', MSG_PASSWORD.azienda]]) {
      const r = await reimposta(token, debole!);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'password_debole', msg, campi: { nuova_password: msg } });
    }
    const sbagliato = await reimposta(crypto.randomBytes(32).toString('base64url'), NUOVA);
    expect(sbagliato.statusCode).toBe(400);
    expect(sbagliato.json()).toMatchObject({ code: 'link_non_valido', msg: MSG_RESET_PASSWORD.linkNonValido });
    for (const malformato of ['', 'abc', `${token}x`, `${token.slice(0, 42)}!`]) {
      const r = await reimposta(malformato, NUOVA);
      expect(r.statusCode, malformato).toBe(400);
      expect(r.json()).toMatchObject({ code: 'dati_non_validi', campi: { token: MSG_RESET_PASSWORD.linkNonValido } });
    }
    expect((await reimposta(token, NUOVA)).statusCode).toBe(200);
  });

  it('refuses a missing or malformed address in Italian, and a body without the new password', async () => {
    for (const email of ['', '   ', 'non-una-mail', 'a@', 'x'.repeat(300)]) {
      const r = await chiedi(email, indirizzo());
      expect(r.statusCode, email).toBe(400);
      expect(r.json().code).toBe('dati_non_validi');
      expect([MSG_RESET_PASSWORD.emailObbligatoria, MSG_RESET_PASSWORD.emailNonValida]).toContain(r.json().campi.email);
    }
    const r = await t().app.inject({ method: 'POST', url: '/api/password/reimposta', payload: { token: 'a'.repeat(43) } });
    expect(r.statusCode).toBe(400);
    expect(r.json().campi).toEqual({ nuova_password: 'Nuova password obbligatoria' });
  });

  it('is limited like a login: per address and account, then 429 with Retry-After; wrong tokens per address', async () => {
    const u = await nuovoUtente('reset.sei@test.local');
    const da = indirizzo();
    for (let i = 0; i < 10; i++) expect((await chiedi(u.username, da)).statusCode).toBe(200);
    const troppe = await chiedi(u.username, da);
    expect(troppe.statusCode).toBe(429);
    expect(troppe.json().code).toBe('troppi_tentativi');
    expect(troppe.headers['retry-after']).toBeDefined();
    // The account's own logins are not locked by them.
    expect((await login(u.username, 'Vecchia-Password-1')).json().utente.status).toBe(0);

    const daToken = indirizzo();
    for (let i = 0; i < 10; i++) expect((await reimposta(crypto.randomBytes(32).toString('base64url'), NUOVA, daToken)).statusCode).toBe(400);
    expect((await reimposta(crypto.randomBytes(32).toString('base64url'), NUOVA, daToken)).statusCode).toBe(429);
  });
});
