import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { createAzienda, createCategoria, createCliente, createUtente } from '../../support/factories.js';
import { configDiTest } from '../../support/config.js';
import { type DownloadFermo, downloadFermo, headerDi } from '../../support/download-fermo.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// Exports cannot starve the portal (docs/decisions/esportazioni-limitate.md): downloads whose
// clients never read hold at most EXPORT_MAX connections, of the exports' own pool; the rest
// answer 429; health checks and customers' calls answer meanwhile; every way an export ends
// frees its place. Against a real server on loopback: a stalled client needs real sockets.
const LIMITI = { exportMax: 4, exportMaxPerUser: 2 };
/** A stall timeout no test reaches: a place freed here was freed by the path under test. */
const t = useTestApp({ ...LIMITI, exportStallSeconds: 600 });
/** The same portal with a stall timeout of one second, on the same database. */
let breve: FastifyInstance;
let cartellaBreve = '';

/**
 * About 18 MB of CSV: far more than a stalled download's buffers hold (on loopback the kernel's
 * take up to ~4 MB, the server's a few more), so that a download nobody reads stays open.
 */
const PRODOTTI = 60_000;
const utenti: { cookie: string; scope: Record<string, string> }[] = [];
const aperti: DownloadFermo[] = [];

const porta = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
const listino = (u: number, formato = 'csv', altro: Record<string, string> = {}) =>
  `/api/listino/export?${qs({ ...utenti[u]!.scope, formato, ...altro })}`;
const ordini = (u: number) => `/api/ordini/esporta?${qs({ ...utenti[u]!.scope, formato: 'csv' })}`;

async function fermo(app: FastifyInstance, u: number, percorso = listino(u)): Promise<DownloadFermo> {
  const d = await downloadFermo(porta(app), percorso, { cookie: utenti[u]!.cookie });
  aperti.push(d);
  return d;
}

/** Transactions open on the test's database, beside the one asking. */
const transazioniAperte = async () => (await t().database.db.$client<{ n: number }[]>`
  SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`)[0]!.n;

/** Connections of the exports' own pool, by the name they give Postgres. */
const connessioniEsportazioni = async () => (await t().database.db.$client<{ n: number }[]>`
  SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND application_name = 'portale-b2b-esportazioni' AND xact_start IS NOT NULL`)[0]!.n;

const inCorso = (app: FastifyInstance) => app.deps.esportazioni.inCorso;

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const cliente = await createCliente(db, { aziendaCodice: '0001', codice: '000100' });
  for (let i = 0; i < 5; i++) {
    const u = await createUtente(db, { clienti: [cliente.id] });
    utenti.push({
      cookie: await loginCliente(t().app, u, `device-${i}`),
      scope: { azienda_codice: '0001', cliente_codice: '000100', utente_codice: u.codice },
    });
  }
  const cat = await createCategoria(db, { codCat: 'ES01', nome: 'Massa' });
  await createCategoria(db, { codCat: 'ES02', nome: 'Pochi' });
  await db.$client`INSERT INTO brand (brand_codice, nome) VALUES ('000', 'Senza marchio') ON CONFLICT DO NOTHING`;
  await db.$client`INSERT INTO prodotti (codice_prodotto, descrizione1, categoria_id, brand_codice)
    SELECT 'ES-' || lpad(i::text, 6, '0'), 'Articolo da esportare numero ' || i || repeat(' con descrizione lunga', 10), ${cat.id}, '000'
    FROM generate_series(1, ${PRODOTTI}) i`;
  await t().app.listen({ port: 0, host: '127.0.0.1' });
  cartellaBreve = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-esportazioni-'));
  breve = await buildApp(configDiTest(t().config.databaseUrl, cartellaBreve, { ...LIMITI, exportStallSeconds: 1 }), { logger: false });
  await breve.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(() => {
  for (const d of aperti.splice(0)) d.socket.destroy();
});

afterAll(async () => {
  await breve?.close();
  if (cartellaBreve) fs.rmSync(cartellaBreve, { recursive: true, force: true });
});

describe('stalled downloads', () => {
  it('25 clients that never read: 4 exports run, the rest answer 429 with Retry-After, and the portal keeps answering', async () => {
    const { app } = t();
    const risposte = Array.from({ length: 25 }, (_, i) => fermo(app, i % 5));
    // The exports under way have opened their transactions (all of them, before: 20 held the whole pool).
    await expect.poll(transazioniAperte, { timeout: 15_000 }).toBeGreaterThanOrEqual(LIMITI.exportMax);
    // The load balancer's checks and another customer's page do not wait behind the downloads.
    expect.soft((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect.soft((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const pagina = await app.inject({
      method: 'GET', headers: { cookie: utenti[4]!.cookie },
      url: `/api/prodotti/categoriawithcustominfo?${qs({ cod_azienda: '0001', cod_cliente: '000100', categoria_cod: 'ES02', start: '0', limit: '50' })}`,
    });
    expect(pagina.statusCode, pagina.body).toBe(200);

    const fermi = await Promise.all(risposte);
    const stati = fermi.map((d) => d.status).sort();
    expect(stati).toEqual([...Array<number>(4).fill(200), ...Array<number>(21).fill(429)]);
    for (const d of fermi.filter((x) => x.status === 429)) expect(Number(headerDi(d.testa, 'retry-after'))).toBeGreaterThan(0);
    // Still stalled: the checks above ran while four downloads held their places.
    expect(inCorso(app)).toBe(4);
    expect(await connessioniEsportazioni()).toBe(4);

    const oltre = await app.inject({ method: 'GET', url: listino(4), headers: { cookie: utenti[4]!.cookie } });
    expect(oltre.statusCode).toBe(429);
    expect(oltre.headers['retry-after']).toMatch(/^\d+$/);
    expect(oltre.json()).toMatchObject({ code: 'troppe_richieste', msg: 'Troppe esportazioni in corso: riprova tra qualche secondo.' });

    // The clients go away: their places and transactions are freed.
    for (const d of aperti.splice(0)) d.socket.destroy();
    await expect.poll(() => inCorso(app), { timeout: 10_000 }).toBe(0);
    await expect.poll(transazioniAperte, { timeout: 10_000 }).toBe(0);

    // A download read to its end (the finish path) frees its place too.
    const res = await fetch(`http://127.0.0.1:${porta(app)}${listino(0)}`, { headers: { cookie: utenti[0]!.cookie } });
    expect(res.status).toBe(200);
    expect((await res.text()).trimEnd().split('\r\n')).toHaveLength(1 + PRODOTTI);
    await expect.poll(() => inCorso(app)).toBe(0);
  });

  // Not XLSX: compressed, this catalogue's (3.7 MB) fits in the buffers and is sent whole.
  it('a download that stops moving is cut after the stall timeout (CSV, Metel): its place and transaction are freed', async () => {
    const fermi = [await fermo(breve, 0), await fermo(breve, 0, listino(0, 'metel')), await fermo(breve, 1), await fermo(breve, 1, listino(1, 'metel'))];
    expect(fermi.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    await expect.poll(() => inCorso(breve), { timeout: 15_000 }).toBe(0);
    await expect.poll(transazioniAperte, { timeout: 10_000 }).toBe(0);
    // The server reset those connections: a client reading again gets what its own buffer held, then the end, never the whole file.
    const letti = await Promise.all(fermi.map((d) => new Promise<number>((resolve) => {
      let n = 0;
      d.socket.on('data', (c: Buffer) => { n += c.length; });
      d.socket.once('close', () => resolve(n));
      d.socket.resume();
    })));
    for (const n of letti) expect(n).toBeLessThan(PRODOTTI * 100);
    // Every place is free again.
    const dopo = await Promise.all([fermo(breve, 2), fermo(breve, 2), fermo(breve, 3), fermo(breve, 3)]);
    expect(dopo.map((d) => d.status)).toEqual([200, 200, 200, 200]);
  });
});

describe('per user', () => {
  it('a user beyond its limit gets 429 (price list and order history share it); another user still gets through', async () => {
    const { app } = t();
    expect((await Promise.all([fermo(app, 0), fermo(app, 0)])).map((d) => d.status)).toEqual([200, 200]);
    const terzo = await app.inject({ method: 'GET', url: listino(0), headers: { cookie: utenti[0]!.cookie } });
    expect(terzo.statusCode).toBe(429);
    expect(terzo.headers['retry-after']).toMatch(/^\d+$/);
    expect(terzo.json()).toMatchObject({ code: 'troppe_richieste', msg: 'Hai già 2 esportazioni in corso: attendi che finiscano e riprova.' });
    expect((await app.inject({ method: 'GET', url: ordini(0), headers: { cookie: utenti[0]!.cookie } })).statusCode).toBe(429);

    const altro = await app.inject({ method: 'GET', url: ordini(1), headers: { cookie: utenti[1]!.cookie } });
    expect(altro.statusCode, altro.body).toBe(200);
    expect((await fermo(app, 1)).status).toBe(200);
    // User A's two and B's stalled one: B's order history, read to its end, has let its place go.
    await expect.poll(() => inCorso(app)).toBe(3);
    for (const d of aperti.splice(0)) d.socket.destroy();
    await expect.poll(() => inCorso(app), { timeout: 10_000 }).toBe(0);
  });
});

describe('every way an export ends frees its place', () => {
  it('refused before the file (404): at once', async () => {
    const { app } = t();
    const res = await app.inject({ method: 'GET', url: listino(0, 'csv', { brand_id: 'NESSUNO' }), headers: { cookie: utenti[0]!.cookie } });
    expect(res.statusCode).toBe(404);
    expect(inCorso(app)).toBe(0);
  });

  it('the database failing half-way through the download: the download breaks, its place and transaction are freed', async () => {
    const { app } = t();
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${porta(app)}${listino(0)}`, { headers: { cookie: utenti[0]!.cookie }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    const lettore = res.body!.getReader();
    await lettore.read();
    await expect.poll(connessioniEsportazioni).toBe(1);
    await t().database.db.$client`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'portale-b2b-esportazioni' AND xact_start IS NOT NULL`;
    const tutto = (async () => { for (;;) if ((await lettore.read()).done) return 'completo'; })();
    await expect(tutto).rejects.toThrow();
    await expect.poll(() => inCorso(app), { timeout: 10_000 }).toBe(0);
    await expect.poll(transazioniAperte, { timeout: 10_000 }).toBe(0);
    ctrl.abort();
  });
});
