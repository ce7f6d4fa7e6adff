import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { clienti, dispositivi, sessioni, utenti } from '../../../server/db/schema/index.js';
import { Impostazioni } from '../../../server/impostazioni/impostazioni.service.js';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { cookieFrom, fingerprint, useTestApp } from '../../support/harness.js';

const t = useTestApp();

let one: Awaited<ReturnType<typeof createUtente>>;
let two: Awaited<ReturnType<typeof createUtente>>;
let none: Awaited<ReturnType<typeof createUtente>>;
let disabled: Awaited<ReturnType<typeof createUtente>>;
let clienteUno: number;

beforeAll(async () => {
  const { db } = t().database;
  const a1 = await createAzienda(db, { codice: '0001', ragioneSociale: 'Ferramenta Distribuzione' });
  const a2 = await createAzienda(db, { codice: '0002', ragioneSociale: 'Edil Forniture' });
  const c1 = await createCliente(db, { aziendaCodice: a1.codice, codice: '000123', lisMaga: 0 });
  const c2 = await createCliente(db, { aziendaCodice: a2.codice, codice: '000456', lisMaga: 2 });
  clienteUno = c1.id;
  one = await createUtente(db, { username: 'uno@test.local', clienti: [c1.id] });
  two = await createUtente(db, { username: 'due@test.local', clienti: [c1.id, c2.id] });
  none = await createUtente(db, { username: 'nessuno@test.local' });
  disabled = await createUtente(db, { username: 'off@test.local', statusLogin: 1, clienti: [c1.id] });
});

const body = (username: string, password: string, fp = fingerprint()) => ({
  username, password, fingerprint: fp, screen_resolution: '1920x1080', timezone: 'Europe/Rome', language: 'it-IT',
  platform: 'Linux x86_64',
  browserInfo: { userAgent: 'Vitest', screenWidth: 1920, screenHeight: 1080, timeZone: 'Europe/Rome', language: 'it-IT', platform: 'Linux', colorDepth: 24, pixelRatio: 1, cookieEnabled: true },
});

const login = (payload: object, ip = '10.0.0.1') =>
  t().app.inject({ method: 'POST', url: '/api/login/frontendfingerprint', payload, remoteAddress: ip });
const sessione = (cookie: string, app = t().app) => app.inject({ url: '/api/sessione', headers: { cookie } });
/** Changes made straight in the database reach the app's remembered sessions by a Postgres notice. */
const NOTICE = { timeout: 3000, interval: 25 };

describe('login/frontendfingerprint', () => {
  it('logs in a user with one client, sets an httpOnly session cookie and records the device', async () => {
    const res = await login(body(one.username, one.password));
    expect(res.statusCode).toBe(200);
    const { utente } = res.json();
    expect(utente.status).toBe(0);
    expect(utente.utente_codice).toBe(one.codice);
    expect(utente.clienti).toEqual([expect.objectContaining({ azienda_codice: '0001', cliente_codice: '000123', cliente_lis_maga: 1 })]);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    const devices = await t().database.db.select().from(dispositivi).where(eq(dispositivi.utenteId, one.id));
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ authorized: 1, screenResolution: '1920x1080', timezone: 'Europe/Rome', ip: '10.0.0.1' });
    const me = await t().app.inject({ url: '/api/sessione', headers: { cookie: cookieFrom(res) } });
    expect(me.json().utente.utente_codice).toBe(one.codice);
  });

  it('lists every client of a user with several companies', async () => {
    const { utente } = (await login(body(two.username, two.password))).json();
    expect(utente.status).toBe(0);
    expect(utente.clienti.map((c: { azienda_codice: string }) => c.azienda_codice)).toEqual(['0001', '0002']);
  });

  it('refuses a wrong password with the same message as an unknown user, and no cookie', async () => {
    const wrong = await login(body(one.username, 'sbagliata'));
    const unknown = await login(body('chi@test.local', 'sbagliata'));
    expect(wrong.json().utente).toMatchObject({ status: 1, msg: 'Username o password non corretti.', clienti: [] });
    expect(unknown.json().utente.msg).toBe(wrong.json().utente.msg);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses a disabled login', async () => {
    const { utente } = (await login(body(disabled.username, disabled.password))).json();
    expect(utente.status).toBe(1);
    expect(utente.msg).toMatch(/disabilitato/);
  });

  it('answers status 0 with no clients and opens no session for a user without clients', async () => {
    const res = await login(body(none.username, none.password));
    expect(res.json().utente).toMatchObject({ status: 0, clienti: [] });
    expect(res.cookies).toHaveLength(0);
  });

  it('accepts the documented GET form with browserInfo as a JSON string', async () => {
    const b = body(one.username, one.password, fingerprint('device-get'));
    const qs = new URLSearchParams({ ...b, browserInfo: JSON.stringify(b.browserInfo) } as Record<string, string>);
    const res = await t().app.inject({ method: 'GET', url: `/api/login/frontendfingerprint?${qs}` });
    expect(res.json().utente.status).toBe(0);
  });

  it.each([
    [{ password: 'x', fingerprint: fingerprint() }, /username/],
    [{ username: 'a', fingerprint: fingerprint() }, /password/],
    [{ username: 'a', password: 'x' }, /fingerprint/],
    [{ username: 'a', password: 'x', fingerprint: 'not-hex' }, /Fingerprint non valido/],
    [{ username: 'a'.repeat(500), password: 'x', fingerprint: fingerprint() }, /troppo lungo/],
    [{ username: 'a', password: 'x', fingerprint: fingerprint(), browserInfo: '{oops' }, /browserInfo/],
  ])('answers 400 with an Italian message for bad input %#', async (payload, msg) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/login/frontendfingerprint', payload: '{"username":', headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
  });

  it('answers 413 to an oversized body', async () => {
    const res = await login({ ...body(one.username, one.password), filler: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toMatch(/dimensione massima/);
  });
});

describe('devices', () => {
  it('with approval on, a new device waits and the login is refused until approved', async () => {
    const imp = new Impostazioni(t().database.db);
    await imp.set('approvazione_dispositivi', true);
    t().app.deps.impostazioni = new Impostazioni(t().database.db); // drop the app's cached value
    try {
      const fp = fingerprint('nuovo-pc');
      const res = await login(body(one.username, one.password, fp));
      expect(res.json().utente.status).toBe(1);
      expect(res.json().utente.msg).toMatch(/non è ancora autorizzato/);
      expect(res.cookies).toHaveLength(0);
      const [d] = await t().database.db.select().from(dispositivi).where(eq(dispositivi.fingerprint, fp));
      expect(d?.authorized).toBe(0);
      await t().database.db.update(dispositivi).set({ authorized: 1 }).where(eq(dispositivi.id, d!.id));
      expect((await login(body(one.username, one.password, fp))).json().utente.status).toBe(0);
    } finally {
      await t().app.deps.impostazioni.set('approvazione_dispositivi', false);
    }
  });

  it('a revoked device cannot log in and its sessions stop working', async () => {
    const fp = fingerprint('revocato');
    const res = await login(body(one.username, one.password, fp));
    const cookie = cookieFrom(res);
    expect((await sessione(cookie)).statusCode).toBe(200); // now remembered by the app
    await t().database.db.update(dispositivi).set({ authorized: 0 }).where(eq(dispositivi.fingerprint, fp));
    await vi.waitFor(async () => expect((await sessione(cookie)).statusCode).toBe(401), NOTICE);
    expect((await login(body(one.username, one.password, fp))).json().utente.status).toBe(1);
  });
});

describe('rate limit', () => {
  it('blocks an account from one address after 10 failures, not a colleague, and not the same account elsewhere', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await login(body(two.username, 'no'), ip)).statusCode).toBe(200);
    const blocked = await login(body(two.username, two.password), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toMatch(/Troppi tentativi/);
    expect((await login(body(one.username, one.password), ip)).json().utente.status).toBe(0);
    expect((await login(body(two.username, two.password), '10.9.9.10')).json().utente.status).toBe(0);
  });

  it('does not let a forged X-Forwarded-For escape the limit', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 10; i++) {
      await t().app.inject({
        method: 'POST', url: '/api/login/frontendfingerprint', remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` }, payload: body(one.username, 'no'),
      });
    }
    const res = await t().app.inject({
      method: 'POST', url: '/api/login/frontendfingerprint', remoteAddress: ip,
      headers: { 'x-forwarded-for': '203.0.113.99' }, payload: body(one.username, one.password),
    });
    expect(res.statusCode).toBe(429);
  });
  // The address's ceiling and the account's across addresses: limiti-login.test.ts.
});

describe('maintenance', () => {
  it('answers 503 to customer login and customer calls while on, and works again when off', async () => {
    const res = await login(body(one.username, one.password));
    const cookie = cookieFrom(res);
    await t().app.deps.impostazioni.set('manutenzione', true);
    try {
      const check = await t().app.inject({ url: '/api/manutenzione/check' });
      expect(check.json()).toBe(1);
      const l = await login(body(one.username, one.password));
      expect(l.statusCode).toBe(503);
      expect(l.json()).toMatchObject({ manutenzione: 1 });
      const s = await t().app.inject({ url: '/api/sessione', headers: { cookie } });
      expect(s.statusCode).toBe(503);
    } finally {
      await t().app.deps.impostazioni.set('manutenzione', false);
    }
    expect((await t().app.inject({ url: '/api/manutenzione/check' })).json()).toBe(0);
    expect((await t().app.inject({ url: '/api/sessione', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('deletes the session', async () => {
    const cookie = cookieFrom(await login(body(one.username, one.password)));
    expect((await sessione(cookie)).statusCode).toBe(200);
    const out = await t().app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.json()).toMatchObject({ status: 0 });
    expect((await t().app.inject({ url: '/api/sessione', headers: { cookie } })).statusCode).toBe(401);
    const left = await t().database.db.select().from(sessioni).where(eq(sessioni.utenteId, -1));
    expect(left).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const res = await t().app.inject({ url: '/api/sessione' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/login/);
  });
});

describe('remembered sessions', () => {
  it('a login disabled in the database ends the sessions already in use', async () => {
    const u = await createUtente(t().database.db, { username: 'spento@test.local', clienti: [clienteUno] });
    const cookie = cookieFrom(await login(body(u.username, u.password, fingerprint('spento'))));
    expect((await sessione(cookie)).statusCode).toBe(200);
    await t().database.db.update(utenti).set({ statusLogin: 1 }).where(eq(utenti.id, u.id));
    await vi.waitFor(async () => expect((await sessione(cookie)).statusCode).toBe(401), NOTICE);
  });

  it("a client's new price list reaches the sessions in use", async () => {
    const { db } = t().database;
    const a = await createAzienda(db, { codice: '0003', ragioneSociale: 'Terza' });
    const c = await createCliente(db, { aziendaCodice: a.codice, codice: '000789', lisMaga: 1 });
    const u = await createUtente(db, { username: 'listino@test.local', clienti: [c.id] });
    const cookie = cookieFrom(await login(body(u.username, u.password, fingerprint('listino'))));
    expect((await sessione(cookie)).json().utente.clienti[0].cliente_lis_maga).toBe(1);
    await db.update(clienti).set({ lisMaga: 2 }).where(eq(clienti.id, c.id));
    await vi.waitFor(async () => expect((await sessione(cookie)).json().utente.clienti[0].cliente_lis_maga).toBe(2), NOTICE);
  });

  it('a logout in one server process ends the session in the others', async () => {
    const other = await buildApp(t().config, { logger: false });
    try {
      const cookie = cookieFrom(await login(body(one.username, one.password, fingerprint('due-processi'))));
      expect((await sessione(cookie, other)).statusCode).toBe(200);
      await t().app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      expect((await sessione(cookie)).statusCode).toBe(401);
      await vi.waitFor(async () => expect((await sessione(cookie, other)).statusCode).toBe(401), NOTICE);
    } finally {
      await other.close();
    }
  });
});
