import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { ConfigError, configFromEnv, parseEnv } from '../../../server/config.js';
import { hashToken } from '../../../server/auth/sessioni.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint, loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// Sessions end after SESSION_IDLE_MINUTES without a request (default 2 hours) beside their
// lifetime; in production their cookies carry the __Host- prefix (docs/regole/accesso.md#sessions).
const t = useTestApp();
let cliente: Awaited<ReturnType<typeof createUtente>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let prod: FastifyInstance;

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cliente = await createUtente(db, { clienti: [c.id], username: 'inattivo@test.local' });
  admin = await createAdmin(db, { username: 'admin' });
  prod = await buildApp({ ...t().config, env: 'production' }, { logger: false });
});

afterAll(async () => {
  await prod?.close();
});

const valore = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
/** Sets a session's last use, as if its last request had come that long ago. */
async function ultimoUso(cookie: string, fa: string): Promise<void> {
  await t().database.db.$client`UPDATE sessioni SET ultimo_uso_at = now() - ${fa}::interval WHERE token_hash = ${hashToken(valore(cookie))}`;
}
async function letto(cookie: string): Promise<Date> {
  const [r] = await t().database.db.$client<{ at: Date }[]>`SELECT ultimo_uso_at AS at FROM sessioni WHERE token_hash = ${hashToken(valore(cookie))}`;
  return new Date(r!.at);
}
const sessione = (cookie: string) => t().app.inject({ url: '/api/sessione', headers: { cookie } });
const sessioneAdmin = (cookie: string) => t().app.inject({ url: '/api/sessione/backend', headers: { cookie } });

describe('idle sessions', () => {
  it('a customer session idle for more than 2 hours answers 401; one used within them goes on', async () => {
    const inattiva = await loginCliente(t().app, cliente, 'inattivo-1');
    await ultimoUso(inattiva, '2 hours 1 minute');
    const res = await sessione(inattiva);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/login/);

    const usata = await loginCliente(t().app, cliente, 'inattivo-2');
    await ultimoUso(usata, '1 hour 59 minutes');
    const prima = await letto(usata);
    expect((await sessione(usata)).statusCode).toBe(200);
    // The request counts as a use: the session now has 2 more hours.
    expect((await letto(usata)).getTime()).toBeGreaterThan(prima.getTime());
  });

  it('writes the last use at most once a minute', async () => {
    const cookie = await loginAdmin(t().app, admin);
    await ultimoUso(cookie, '30 seconds');
    const prima = await letto(cookie);
    expect((await sessioneAdmin(cookie)).statusCode).toBe(200);
    expect(await letto(cookie)).toEqual(prima);
    await ultimoUso(cookie, '90 seconds');
    const vecchio = await letto(cookie);
    expect((await sessioneAdmin(cookie)).statusCode).toBe(200);
    expect((await letto(cookie)).getTime()).toBeGreaterThan(vecchio.getTime());
  });

  it('an admin session idle for more than 2 hours answers 401 too', async () => {
    const cookie = await loginAdmin(t().app, admin);
    await ultimoUso(cookie, '1 hour 59 minutes');
    expect((await sessioneAdmin(cookie)).statusCode).toBe(200);
    await ultimoUso(cookie, '2 hours 1 minute');
    expect((await sessioneAdmin(cookie)).statusCode).toBe(401);
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const breve = await buildApp({ ...t().config, sessionIdleMinutes: 30 }, { logger: false });
    try {
      const cookie = await loginCliente(breve, cliente, 'inattivo-3');
      await ultimoUso(cookie, '31 minutes');
      expect((await breve.inject({ url: '/api/sessione', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await breve.close();
    }
  });

  it('SESSION_IDLE_MINUTES is read from the environment: 120 by default, at least 5', () => {
    const url = 'postgres://localhost/x';
    expect(configFromEnv(parseEnv({}), url).sessionIdleMinutes).toBe(120);
    expect(configFromEnv(parseEnv({ SESSION_IDLE_MINUTES: '45' }), url).sessionIdleMinutes).toBe(45);
    for (const bad of ['2', 'abc', '1.5']) {
      expect(() => parseEnv({ SESSION_IDLE_MINUTES: bad })).toThrow(ConfigError);
    }
  });
});

describe('session cookies in production', () => {
  const loginProd = (username: string, password: string) => prod.inject({
    method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password, fingerprint: fingerprint('prod') },
  });

  it('carry the __Host- prefix, Secure, Path=/, HttpOnly, SameSite=Strict and no Domain', async () => {
    const customer = await loginProd(cliente.username, cliente.password);
    const back = await prod.inject({ method: 'POST', url: '/api/login/backend', payload: { username: admin.username, password: admin.password } });
    for (const [res, nome] of [[customer, '__Host-sid'], [back, '__Host-admin_sid']] as const) {
      expect(res.cookies.map((c) => c.name)).toEqual([nome]);
      const header = String(res.headers['set-cookie']);
      expect(header).toMatch(new RegExp(`^${nome}=[A-Za-z0-9_-]{43};`));
      expect(header).toMatch(/; Path=\/(;|$)/);
      expect(header).toMatch(/; Secure(;|$)/);
      expect(header).toMatch(/; HttpOnly(;|$)/);
      expect(header).toMatch(/; SameSite=Strict(;|$)/);
      expect(header).not.toMatch(/Domain=/i);
    }
  });

  it('the session is read from the prefixed cookie only; logout clears it with the same attributes', async () => {
    const res = await loginProd(cliente.username, cliente.password);
    const token = res.cookies[0]!.value;
    expect((await prod.inject({ url: '/api/sessione', headers: { cookie: `__Host-sid=${token}` } })).statusCode).toBe(200);
    // A cookie without the prefix may come from a sibling site or plain HTTP: not a session here.
    expect((await prod.inject({ url: '/api/sessione', headers: { cookie: `sid=${token}` } })).statusCode).toBe(401);
    const out = await prod.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `__Host-sid=${token}` } });
    const header = String(out.headers['set-cookie']);
    expect(header).toMatch(/^__Host-sid=;/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; Secure(;|$)/);
    expect((await prod.inject({ url: '/api/sessione', headers: { cookie: `__Host-sid=${token}` } })).statusCode).toBe(401);
  });

  it('outside production the names stay sid and admin_sid', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/login/frontendfingerprint',
      payload: { username: cliente.username, password: cliente.password, fingerprint: fingerprint('dev') },
    });
    expect(res.cookies.map((c) => c.name)).toEqual(['sid']);
  });
});
