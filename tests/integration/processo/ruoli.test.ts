import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint } from '../../support/harness.js';
import { avviaServer, type ProcessoServer } from '../../support/processo-server.js';
import { createTestDatabase } from '../../support/test-db.js';

// A web process and a worker on one database (PROCESS_ROLE): the web serves and queues jobs but
// runs none; the worker runs them and answers only its health checks.
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-ruoli-'));
const processi: ProcessoServer[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  for (const p of processi) if (p.figlio.exitCode === null && p.figlio.signalCode === null) p.figlio.kill('SIGKILL');
  await Promise.all(processi.map((p) => p.fine));
  await tdb?.drop();
  fs.rmSync(cartella, { recursive: true, force: true });
});

const avvia = async (ruolo: 'web' | 'worker', env: Record<string, string> = {}) => {
  const dir = path.join(cartella, ruolo);
  fs.mkdirSync(dir, { recursive: true });
  const p = await avviaServer({ databaseUrl: tdb.url, cartella: dir, ruolo, env: { SHUTDOWN_DRAIN_SECONDS: '0', ...env } });
  processi.push(p);
  return p;
};

/** Connections of the job queue's pools to the test's database (graphile-worker's runners). */
const connessioniDiLavoro = async () => (await tdb.database.sql<{ n: number }[]>`
  SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'portale-b2b-lavori'`)[0]!.n;

describe('process roles', () => {
  it('a web process queues a mail and runs no job; a worker sends it, once', { timeout: 120_000 }, async () => {
    const { sql, db } = tdb.database;
    const az = await createAzienda(db, { codice: '0001' });
    const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
    const u = await createUtente(db, { clienti: [c.id] });
    const web = await avvia('web');

    const login = await fetch(`${web.url}/api/login/frontendfingerprint`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: u.username, password: u.password, fingerprint: fingerprint() }),
    });
    const cookie = login.headers.getSetCookie().map((s) => s.split(';')[0]).join('; ');
    const invio = await fetch(`${web.url}/api/contatti/invia`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ nome: 'Mario Rossi', email: 'mario@test.local', messaggio: 'Un preventivo, grazie.' }),
    });
    expect(await invio.json()).toEqual({ status: 0, msg: expect.any(String) });

    // Queued, and nobody to run it: no runner's connection, no worker's heartbeat, the job untouched.
    const [mail] = await sql<{ id: number; inviata: boolean }[]>`SELECT id, inviata_at IS NOT NULL AS inviata FROM mail_uscita`;
    expect(mail!.inviata).toBe(false);
    expect(await connessioniDiLavoro()).toBe(0);
    expect(await sql`SELECT worker_id FROM lavori_worker`).toEqual([]);
    expect(await sql`SELECT attempts, locked_by FROM graphile_worker.jobs WHERE task_identifier = 'invia_mail'`)
      .toEqual([{ attempts: 0, locked_by: null }]);

    const worker = await avvia('worker');
    await vi.waitFor(async () => {
      expect((await sql`SELECT inviata_at IS NOT NULL AS inviata, tentativi FROM mail_uscita WHERE id = ${mail!.id}`)[0])
        .toEqual({ inviata: true, tentativi: 1 });
    }, { timeout: 30_000, interval: 200 });
    const eml = fs.readdirSync(path.join(cartella, 'worker', 'data', 'mail')).filter((f) => f.endsWith('.eml'));
    expect(eml).toHaveLength(1);
    expect(fs.existsSync(path.join(cartella, 'web', 'data', 'mail'))).toBe(false);
    expect(await connessioniDiLavoro()).toBeGreaterThan(0);

    for (const p of [web, worker]) p.figlio.kill('SIGTERM');
    expect(await Promise.all([web.fine, worker.fine])).toEqual([0, 0]);
  });

  it('a worker answers its health checks and 404 in the error shape to anything else', { timeout: 60_000 }, async () => {
    const worker = await avvia('worker');
    for (const url of ['/api/health', '/api/ready']) {
      const res = await fetch(`${worker.url}${url}`);
      expect([url, res.status, await res.json()]).toEqual([url, 200, { status: 'ok' }]);
    }
    for (const [method, url] of [['GET', '/api/prodotti/random?cod_azienda=0001&cod_cliente=000100'], ['POST', '/api/login/backend'], ['GET', '/'], ['GET', '/api/docs/json']]) {
      const res = await fetch(`${worker.url}${url}`, { method });
      expect([url, res.status, await res.json()]).toEqual([url, 404, { code: 'non_trovato', msg: 'Risorsa non trovata.', requestId: res.headers.get('x-request-id') }]);
    }
    worker.figlio.kill('SIGTERM');
    expect(await worker.fine).toBe(0);
  });

  it("carries the load balancer's X-Request-Id into the answer, the error body and every log line of the request", { timeout: 60_000 }, async () => {
    const web = await avvia('web', { LOG_LEVEL: 'info' });
    const res = await fetch(`${web.url}/api/non-esiste`, { headers: { 'x-request-id': 'nginx-5f2c.a_B' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('nginx-5f2c.a_B');
    expect((await res.json()).requestId).toBe('nginx-5f2c.a_B');
    // Not a plain token: replaced by an id of the server's own, which the log and the body carry instead.
    const altra = await fetch(`${web.url}/api/non-esiste`, { headers: { 'x-request-id': 'a"b {x}' } });
    const generato = altra.headers.get('x-request-id')!;
    expect(generato).toMatch(/^[0-9a-f-]{36}$/);
    expect((await altra.json()).requestId).toBe(generato);

    web.figlio.kill('SIGTERM');
    expect(await web.fine).toBe(0);
    const righe = web.uscita().split('\n').filter((r) => r.startsWith('{')).map((r) => JSON.parse(r) as { reqId?: string; msg: string });
    expect(righe.filter((r) => r.reqId === 'nginx-5f2c.a_B').map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    expect(righe.filter((r) => r.reqId === generato).map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    expect(web.uscita()).not.toContain('a"b');
  });
});
