import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// App A is the harness's; app B is a second server process on the same database. Both remember
// customer sessions for 10 s: only the database's notices can make B forget within the wait below.
const t = useTestApp();
let b: FastifyInstance;
let admin = '';
let clienteId = 0;
const NOTICE = { timeout: 3000, interval: 25 };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  clienteId = (await createCliente(db, { aziendaCodice: az.codice, codice: '000100' })).id;
  admin = await loginAdmin(t().app, await createAdmin(db));
  b = await buildApp(t().config, { logger: false });
});

afterAll(async () => {
  await b?.close();
});

const stato = async (app: FastifyInstance, cookie: string) => (await app.inject({ url: '/api/sessione', headers: { cookie } })).statusCode;
const liste = (codice: string) => `/api/liste/read?utente_codice=${codice}&azienda_codice=0001&cliente_codice=000100`;
const admincall = (path: string, utenteId: number) =>
  t().app.inject({ method: 'POST', url: `/api/${path}`, headers: { cookie: admin }, payload: { utente_id: utenteId } });

/** A user logged in, its session already remembered by both processes. */
async function sessioneInUso(o: Parameters<typeof createUtente>[1] = {}) {
  const u = await createUtente(t().database.db, { clienti: [clienteId], ...o });
  const cookie = await loginCliente(t().app, u);
  for (const app of [t().app, b]) expect(await stato(app, cookie)).toBe(200);
  return { u, cookie };
}

describe("ending a user's sessions reaches every server process", () => {
  it('disabling the login: at once in the process that did it, by notice in the other; enabling again does not revive them', async () => {
    const { u, cookie } = await sessioneInUso();
    expect((await admincall('utenti/changeStatusLogin', u.id)).json().status_login).toBe(1);
    expect(await stato(t().app, cookie)).toBe(401);
    await vi.waitFor(async () => expect(await stato(b, cookie)).toBe(401), NOTICE);
    expect((await admincall('utenti/changeStatusLogin', u.id)).json().status_login).toBe(0);
    for (const app of [t().app, b]) expect(await stato(app, cookie)).toBe(401);
  });

  it('deleting the user', async () => {
    const { u, cookie } = await sessioneInUso();
    expect((await admincall('utenti/delete', u.id)).json().status).toBe(0);
    expect(await stato(t().app, cookie)).toBe(401);
    await vi.waitFor(async () => expect(await stato(b, cookie)).toBe(401), NOTICE);
  });

  it('sending new credentials', async () => {
    const { u, cookie } = await sessioneInUso();
    expect((await admincall('utenti/mandacredenziali', u.id)).json().status).toBe(0);
    expect(await stato(t().app, cookie)).toBe(401);
    await vi.waitFor(async () => expect(await stato(b, cookie)).toBe(401), NOTICE);
  });

  it('a new password lifts the temporary-password gate in the other process too', async () => {
    const { u, cookie } = await sessioneInUso({ password: 'Temporanea-1', passwordTemporanea: true });
    for (const app of [t().app, b]) expect((await app.inject({ url: liste(u.codice), headers: { cookie } })).statusCode).toBe(403);
    const res = await t().app.inject({
      method: 'POST', url: '/api/password/cambia', headers: { cookie }, payload: { password_attuale: 'Temporanea-1', nuova_password: 'Livella a bolla 60 cm' },
    });
    expect(res.json().status).toBe(0);
    expect((await t().app.inject({ url: liste(u.codice), headers: { cookie } })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await b.inject({ url: liste(u.codice), headers: { cookie } })).statusCode).toBe(200), NOTICE);
  });

  // Last: it logs the admin out too.
  it("an operator's TRUNCATE sessioni (everybody logged out) reaches every process", async () => {
    const { cookie } = await sessioneInUso();
    await t().database.sql`TRUNCATE sessioni`;
    await vi.waitFor(async () => {
      for (const app of [t().app, b]) expect(await stato(app, cookie)).toBe(401);
    }, NOTICE);
  });
});
