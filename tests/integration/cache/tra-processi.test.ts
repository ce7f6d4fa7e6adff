import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pausa } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { fingerprint } from '../../support/harness.js';
import { modulo } from '../../support/importazioni.js';
import { avviaServer, type ProcessoServer } from '../../support/processo-server.js';
import { createTestDatabase } from '../../support/test-db.js';

// Two server processes on one database, as behind a load balancer: a change made through A is seen
// through B within one second (issue 19), each through the one invalidation path. B reads the thing
// first, so that its caches hold it: what is proven is that B forgets, not that B had nothing yet.
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
// One folder for both, as one volume: an import file queued by A may be run by B's jobs.
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-tra-processi-'));
let a: ProcessoServer;
let b: ProcessoServer;
let admin = '';
let tecnico = '';
let clienteId = 0;

const SCOPE = 'cod_azienda=0001&cod_cliente=000100';

/** A call to a server process (GET, or POST with a JSON body): its status, its parsed body, the cookies it set. */
async function chiama(server: ProcessoServer, url: string, o: { cookie?: string; body?: object } = {}) {
  const res = await fetch(`${server.url}/api/${url}`, {
    method: o.body === undefined ? 'GET' : 'POST',
    headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return { status: res.status, body: (await res.json()) as unknown, cookie: res.headers.getSetCookie() };
}

/** The body of a call that must answer 200. */
async function ok<T = Record<string, unknown>>(server: ProcessoServer, url: string, o: { cookie?: string; body?: object } = {}): Promise<T> {
  const r = await chiama(server, url, o);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as T;
}

async function login(server: ProcessoServer, url: string, body: object): Promise<string> {
  const r = await chiama(server, url, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.cookie.map((c) => c.split(';')[0]).join('; ');
}

const loginCliente = (server: ProcessoServer, u: { username: string; password: string }, dispositivo?: string) =>
  login(server, 'login/frontendfingerprint', { username: u.username, password: u.password, fingerprint: fingerprint(dispositivo) });
/** A new customer of the client 000100, logged in through a server. */
const nuovoCliente = async (server: ProcessoServer) => loginCliente(server, await createUtente(tdb.database.db, { clienti: [clienteId] }));

/**
 * The requirement itself, not a timing measurement: B answers as the change says within one
 * second of it, polled with small pauses; past the deadline the last failure is the test's.
 */
async function entroUnSecondo(verifica: () => Promise<void>): Promise<void> {
  const scadenza = Date.now() + 1000;
  for (;;) {
    try {
      await verifica();
      return;
    } catch (err) {
      if (Date.now() > scadenza) throw err;
    }
    await pausa(20);
  }
}

type Pagina = { prodotti: { codice_prodotto: string; titolo: string }[] };
const prodotto = async (server: ProcessoServer, codice: string, cookie: string, scope = SCOPE) =>
  (await ok<{ prodotto: Record<string, unknown> }>(server, `prodotti/details?${scope}&codice_prodotto=${codice}`, { cookie })).prodotto;
const cerca = async (server: ProcessoServer, stringa: string, cookie: string) =>
  (await ok<Pagina>(server, `search/prodotti?${SCOPE}&stringa=${stringa}&start=0&limit=50`, { cookie })).prodotti.map((p) => p.codice_prodotto);
const paginaCategoria = `prodotti/categoriawithcustominfo?${SCOPE}&categoria_cod=01&start=0&limit=50`;
const pagina = async (server: ProcessoServer, cookie: string) =>
  (await ok<Pagina>(server, paginaCategoria, { cookie })).prodotti.map((p) => `${p.codice_prodotto} ${p.titolo}`);

/** Queues a file through a server's admin screen; its run's id. */
async function importa(server: ProcessoServer, tipo: string, csv: string): Promise<number> {
  const res = await fetch(`${server.url}/api/importazioni/carica`, { method: 'POST', body: modulo({ tipo }, csv, `${tipo}.csv`), headers: { cookie: tecnico } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { importazione: { id: number } }).importazione.id;
}

/** Waits (no deadline of its own) until the run's rows are committed: its record commits with them. */
async function applicata(id: number): Promise<void> {
  await expect.poll(async () => (await tdb.database.sql<{ stato: string }[]>`SELECT stato FROM importazioni WHERE id = ${id}`)[0]?.stato,
    { timeout: 60_000, interval: 20 }).toBe('applicata');
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  const { db, sql } = tdb.database;
  const az = await createAzienda(db, { codice: '0001' });
  clienteId = (await createCliente(db, { aziendaCodice: az.codice, codice: '000100', lisMaga: 1 })).id;
  const k = await createCategoria(db, { nome: 'Utensili', codCat: '01' });
  await createProdotto(db, { codiceProdotto: 'TP-1', descrizione1: 'Pinza universale', categoriaId: k.id });
  await createProdotto(db, { codiceProdotto: 'TP-2', descrizione1: 'Trapano', categoriaId: k.id });
  await createProdotto(db, { codiceProdotto: 'TP-3', descrizione1: 'Livella magnetica', categoriaId: k.id });
  await createProdotto(db, { codiceProdotto: 'TP-4', descrizione1: 'Scalpello', categoriaId: k.id, prezzi: { 1: '10.000', 2: '8.000' } });
  await sql`SELECT refresh_search_vocab()`;
  const [am, tec] = [await createAdmin(db), await createAdmin(db, { tipologia: 'tecnico' })];
  [a, b] = await Promise.all([avviaServer({ databaseUrl: tdb.url, cartella }), avviaServer({ databaseUrl: tdb.url, cartella })]);
  admin = await login(a, 'login/backend', { username: am.username, password: am.password });
  tecnico = await login(a, 'login/backend', { username: tec.username, password: tec.password });
}, 120_000);

afterAll(async () => {
  for (const p of [a, b]) p?.figlio.kill('SIGTERM');
  await Promise.all([a?.fine, b?.fine]);
  await tdb?.drop();
  fs.rmSync(cartella, { recursive: true, force: true });
});

describe('a change made through one server process is seen through another within one second', () => {
  it('maintenance switched on and off', async () => {
    const cookie = await nuovoCliente(b);
    expect(await ok(b, 'manutenzione/check')).toBe(0);
    await ok(b, 'sessione', { cookie });

    expect(await ok(a, 'manutenzione/change', { cookie: tecnico, body: {} })).toBe(1);
    await entroUnSecondo(async () => {
      expect(await ok(b, 'manutenzione/check')).toBe(1);
      expect((await chiama(b, 'sessione', { cookie })).status).toBe(503);
    });
    expect(await ok(a, 'manutenzione/change', { cookie: tecnico, body: {} })).toBe(0);
    await entroUnSecondo(async () => {
      await ok(b, 'sessione', { cookie });
    });
  });

  it("an admin's product edit, in B's product page, category page and search", async () => {
    const cookie = await nuovoCliente(b);
    expect(await prodotto(b, 'TP-1', cookie)).toMatchObject({ titolo: 'Pinza universale', descrizione_aggiuntiva: '' });
    expect(await pagina(b, cookie)).toContain('TP-1 Pinza universale');
    expect(await cerca(b, 'regolabile', cookie)).toEqual([]);

    await ok(a, 'prodotto/edit', {
      cookie: admin, body: { codice_prodotto: 'TP-1', titolo_portale: 'Pinza regolabile', descrizione_aggiuntiva: 'Ganasce zigrinate.', pz_conf: 1 },
    });
    await entroUnSecondo(async () => {
      expect(await prodotto(b, 'TP-1', cookie)).toMatchObject({ titolo: 'Pinza regolabile', descrizione_aggiuntiva: 'Ganasce zigrinate.' });
      expect(await pagina(b, cookie)).toContain('TP-1 Pinza regolabile');
      expect(await cerca(b, 'regolabile', cookie)).toEqual(['TP-1']);
    });
  });

  it("an admin's category switch, in B's category pages", async () => {
    const cookie = await nuovoCliente(b);
    await ok(b, paginaCategoria, { cookie });
    expect(await ok(a, 'categorie/toggle', { cookie: admin, body: { cod_cat: '01' } })).toMatchObject({ new_value: 1 });
    await entroUnSecondo(async () => expect((await chiama(b, paginaCategoria, { cookie })).status).toBe(404));
    expect(await ok(a, 'categorie/toggle', { cookie: admin, body: { cod_cat: '01' } })).toMatchObject({ new_value: 0 });
    await entroUnSecondo(async () => {
      await ok(b, paginaCategoria, { cookie });
    });
  });

  it("an import's applied rows, also while the search vocabulary's work after it is still under way", { timeout: 90_000 }, async () => {
    const cookie = await nuovoCliente(b);
    expect(await prodotto(b, 'TP-2', cookie)).toMatchObject({ titolo: 'Trapano' });
    expect(await pagina(b, cookie)).toContain('TP-3 Livella magnetica');
    expect(await cerca(b, 'livella', cookie)).toEqual(['TP-3']);

    // The vocabulary's work after the commit (seconds on a large catalogue: docs/import.md) waits
    // here until B has seen the change.
    const vocabolario = await tdb.database.sql.reserve();
    try {
      await vocabolario`BEGIN`;
      await vocabolario`LOCK TABLE search_vocab IN EXCLUSIVE MODE`;
      const id = await importa(a, 'articoli', 'codice_prodotto;descrizione1;status\nTP-2;Trapano a percussione;0\nTP-3;Livella magnetica;1\n');
      await applicata(id);
      await entroUnSecondo(async () => {
        expect(await prodotto(b, 'TP-2', cookie)).toMatchObject({ titolo: 'Trapano a percussione' });
        expect(await pagina(b, cookie)).not.toContain('TP-3 Livella magnetica');
        expect(await cerca(b, 'livella', cookie)).toEqual([]);
      });
    } finally {
      await vocabolario`ROLLBACK`;
      vocabolario.release();
    }
  });

  it("a customer's logout, a device revoked and a login disabled by an admin end the sessions in B", async () => {
    const u = await createUtente(tdb.database.db, { clienti: [clienteId] });
    const uscito = await loginCliente(a, u);
    const revocato = await loginCliente(a, u, 'tablet');
    const disabilitato = await loginCliente(a, u);
    for (const cookie of [uscito, revocato, disabilitato]) await ok(b, 'sessione', { cookie });

    await ok(a, 'logout', { cookie: uscito, body: {} });
    await entroUnSecondo(async () => expect((await chiama(b, 'sessione', { cookie: uscito })).status).toBe(401));

    await ok(a, 'device/revoke', { cookie: tecnico, body: { user_id: u.id, fingerprint: fingerprint('tablet') } });
    await entroUnSecondo(async () => expect((await chiama(b, 'sessione', { cookie: revocato })).status).toBe(401));
    await ok(b, 'sessione', { cookie: disabilitato });

    expect(await ok(a, 'utenti/changeStatusLogin', { cookie: admin, body: { utente_id: u.id } })).toMatchObject({ status_login: 1 });
    await entroUnSecondo(async () => expect((await chiama(b, 'sessione', { cookie: disabilitato })).status).toBe(401));
  });

  it("a client's new price list and discount, imported through A, in B's prices", { timeout: 90_000 }, async () => {
    const az = '0001';
    const c = await createCliente(tdb.database.db, { aziendaCodice: az, codice: '000200', lisMaga: 1 });
    const cookie = await loginCliente(b, await createUtente(tdb.database.db, { clienti: [c.id] }));
    const scope = `cod_azienda=${az}&cod_cliente=000200`;
    expect(await prodotto(b, 'TP-4', cookie, scope)).toMatchObject({ prezzo: 10, prezzo_reale: 10 });

    await applicata(await importa(a, 'clienti', `azienda_codice;cliente_codice;ragione_sociale;cliente_lis_maga;sconto\n${az};000200;Cliente 200;2;10\n`));
    await entroUnSecondo(async () => expect(await prodotto(b, 'TP-4', cookie, scope)).toMatchObject({ prezzo: 8, prezzo_reale: 7.2 }));
  });

  it('a switch written straight into the database (an operator, a script)', async () => {
    expect(await ok(b, 'manutenzione/check')).toBe(0);
    await tdb.database.sql`UPDATE impostazioni SET valore = '1' WHERE chiave = 'manutenzione'`;
    await entroUnSecondo(async () => expect(await ok(b, 'manutenzione/check')).toBe(1));
    await tdb.database.sql`UPDATE impostazioni SET valore = '0' WHERE chiave = 'manutenzione'`;
    await entroUnSecondo(async () => expect(await ok(b, 'manutenzione/check')).toBe(0));
  });
});
