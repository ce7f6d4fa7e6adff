import { beforeAll, describe, expect, it } from 'vitest';
import { tentativiLogin } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { cookieFrom, fingerprint, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let tecnico: Awaited<ReturnType<typeof createAdmin>>;
let cliente: Awaited<ReturnType<typeof createUtente>>;

beforeAll(async () => {
  const { db } = t().database;
  admin = await createAdmin(db, { username: 'admin', tipologia: 'amministratore' });
  tecnico = await createAdmin(db, { username: 'tecnico', tipologia: 'tecnico' });
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice });
  cliente = await createUtente(db, { clienti: [c.id] });
});

const loginAdmin = (username: string, password: string) =>
  t().app.inject({ method: 'POST', url: '/api/login/backend', payload: { username, password } });

describe('login/backend', () => {
  it('logs in an admin and answers its tipologia, never its password hash', async () => {
    const res = await loginAdmin('ADMIN', admin.password);
    expect(res.json()).toEqual({
      status: 0, msg: expect.any(String),
      utente: { id: admin.id, username: 'admin', nome: admin.nome, cognome: admin.cognome, tipologia: 'amministratore' },
    });
    expect(res.body).not.toMatch(/argon2/);
    const me = await t().app.inject({ url: '/api/sessione/backend', headers: { cookie: cookieFrom(res) } });
    expect(me.json().utente.username).toBe('admin');
  });

  it('accepts the documented GET form', async () => {
    const res = await t().app.inject({ url: `/api/login/backend?username=tecnico&password=${encodeURIComponent(tecnico.password)}` });
    expect(res.json()).toMatchObject({ status: 0, utente: { tipologia: 'tecnico' } });
  });

  it('refuses a wrong password with status 1', async () => {
    const res = await loginAdmin('admin', 'nope');
    expect(res.json()).toEqual({ status: 1, msg: 'Username o password non corretti.' });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers 400 when a field is missing', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/login/backend', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/password/i);
  });

  it('keeps customer and admin sessions apart', async () => {
    const c = await t().app.inject({
      method: 'POST', url: '/api/login/frontendfingerprint',
      payload: { username: cliente.username, password: cliente.password, fingerprint: fingerprint() },
    });
    const customerCookie = cookieFrom(c);
    // A customer session is known and not an admin (403); an admin session is no customer's (401).
    expect((await t().app.inject({ url: '/api/sessione/backend', headers: { cookie: customerCookie } })).statusCode).toBe(403);
    const a = cookieFrom(await loginAdmin('admin', admin.password));
    expect((await t().app.inject({ url: '/api/sessione', headers: { cookie: a } })).statusCode).toBe(401);
  });
});

describe('tecnico-only and admin-only calls', () => {
  it('manutenzione/change toggles for a tecnico and is refused to an amministratore, a customer and nobody', async () => {
    const tec = cookieFrom(await loginAdmin('tecnico', tecnico.password));
    const adm = cookieFrom(await loginAdmin('admin', admin.password));
    const on = await t().app.inject({ url: '/api/manutenzione/change', headers: { cookie: tec } });
    expect(on.json()).toBe(1);
    expect((await t().app.inject({ url: '/api/manutenzione/check' })).json()).toBe(1);
    const off = await t().app.inject({ method: 'POST', url: '/api/manutenzione/change', headers: { cookie: tec } });
    expect(off.json()).toBe(0);
    const refused = await t().app.inject({ url: '/api/manutenzione/change', headers: { cookie: adm } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/tecnico/);
    expect((await t().app.inject({ url: '/api/manutenzione/change' })).statusCode).toBe(401);
    expect((await t().app.inject({ url: '/api/manutenzione/check' })).json()).toBe(0);
  });

  it('admin calls keep working during maintenance', async () => {
    const tec = cookieFrom(await loginAdmin('tecnico', tecnico.password));
    await t().app.inject({ url: '/api/manutenzione/change', headers: { cookie: tec } });
    try {
      expect((await t().app.inject({ url: '/api/sessione/backend', headers: { cookie: tec } })).statusCode).toBe(200);
    } finally {
      await t().app.inject({ url: '/api/manutenzione/change', headers: { cookie: tec } });
    }
  });

  it('login_attempts/delete_all clears failures for a tecnico only', async () => {
    const deleteAll = (cookie?: string) => t().app.inject({ url: '/api/login_attempts/delete_all', headers: cookie ? { cookie } : {} });
    const adm = cookieFrom(await loginAdmin('admin', admin.password));
    const tec = cookieFrom(await loginAdmin('tecnico', tecnico.password));
    await loginAdmin('admin', 'nope');
    expect((await deleteAll()).statusCode).toBe(401);
    expect((await deleteAll(adm)).statusCode).toBe(403);
    const res = await deleteAll(tec);
    // Just 'success' (tests/integration/dispositivi/ covers the waiting list it also clears).
    expect(res.json()).toEqual({ status: 'success' });
    expect(await t().database.db.select().from(tentativiLogin)).toEqual([]);
  });

  it('logout/backend ends the admin session', async () => {
    const adm = cookieFrom(await loginAdmin('admin', admin.password));
    await t().app.inject({ method: 'POST', url: '/api/logout/backend', headers: { cookie: adm } });
    expect((await t().app.inject({ url: '/api/sessione/backend', headers: { cookie: adm } })).statusCode).toBe(401);
  });
});
