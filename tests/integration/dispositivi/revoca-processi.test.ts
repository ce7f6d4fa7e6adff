import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint, loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// App A is the harness's; app B is a second server process on the same database.
const t = useTestApp();
let b: FastifyInstance;
let tecnico = '';
let utente: Awaited<ReturnType<typeof createUtente>>;
/** Notices between processes arrive within milliseconds; sessions are remembered for 10 s. */
const NOTICE = { timeout: 3000, interval: 25 };

const sessione = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/sessione', headers: { cookie } });

beforeAll(async () => {
  const { db } = t().database;
  const c = await createCliente(db, { aziendaCodice: (await createAzienda(db)).codice });
  utente = await createUtente(db, { clienti: [c.id] });
  tecnico = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'tecnico' }));
  b = await buildApp(t().config, { logger: false });
  await b.ready();
});

afterAll(async () => {
  await b?.close();
});

describe('device/revoke across server processes', () => {
  it('ends a live session that another process remembers, at once', async () => {
    const cookie = await loginCliente(t().app, utente, 'pc-condiviso');
    const altro = await loginCliente(t().app, utente, 'pc-personale');
    // B looks both sessions up and now remembers them.
    expect((await sessione(b, cookie)).statusCode).toBe(200);
    expect((await sessione(b, altro)).statusCode).toBe(200);

    const res = await t().app.inject({
      method: 'POST', url: '/api/device/revoke', headers: { cookie: tecnico },
      payload: { user_id: utente.id, fingerprint: fingerprint('pc-condiviso'), ip: '127.0.0.1' },
    });
    expect(res.json()).toEqual({ status: '0', msg: expect.any(String) });
    expect((await sessione(t().app, cookie)).statusCode).toBe(401);
    // Well within B's 10 s memory: only the database's notice can make B forget.
    await vi.waitFor(async () => expect((await sessione(b, cookie)).statusCode).toBe(401), NOTICE);
    expect((await sessione(b, altro)).statusCode).toBe(200);
  });
});
