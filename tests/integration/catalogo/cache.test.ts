import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { notificaCatalogo } from '../../../server/catalogo/catalogo.cache.js';
import { inTransazione } from '../../../server/db/client.js';
import { prodotti } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// App A is the harness's; app B is a second server process on the same database.
const t = useTestApp();
let b: FastifyInstance;
let cookie = '';
let admin = '';
let categoria: { id: number; codCat: string };
let martelli: { id: number };

const SCOPE = 'cod_azienda=0001&cod_cliente=000100';
/** Notices between processes arrive within milliseconds; the caches' TTLs are 30 and 60 s. */
const NOTICE = { timeout: 3000, interval: 25 };

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titolo = async (app: FastifyInstance, codice: string): Promise<string> =>
  (await get(app, `/api/prodotti/details?${SCOPE}&codice_prodotto=${codice}`)).prodotto.titolo;
/** Titles of a category page by product code, and the page's total. */
const pagina = async (app: FastifyInstance, cod = categoria.codCat) => {
  const body = await get(app, `/api/prodotti/categoriawithcustominfo?${SCOPE}&categoria_cod=${cod}&start=0&limit=50`);
  const titoli = Object.fromEntries(body.prodotti.map((p: { codice_prodotto: string; titolo: string }) => [p.codice_prodotto, p.titolo]));
  return { titoli, totale: body.totaleProdotti as number };
};
const cerca = async (app: FastifyInstance, stringa: string): Promise<string[]> =>
  (await get(app, `/api/search/prodotti?${SCOPE}&stringa=${stringa}&start=0&limit=50`)).prodotti
    .map((p: { codice_prodotto: string }) => p.codice_prodotto);
const rinomina = (id: number, descrizione1: string) =>
  t().database.db.update(prodotti).set({ descrizione1 }).where(eq(prodotti.id, id));

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  admin = await loginAdmin(t().app, await createAdmin(db));
  categoria = await createCategoria(db, { nome: 'Utensili', codCat: '01' });
  martelli = await createCategoria(db, { nome: 'Martelli', codCat: '03' });
  b = await buildApp(t().config, { logger: false });
});

afterAll(async () => {
  await b?.close();
});

describe('catalogue cache across server processes', () => {
  it("a product's new title reaches another process's product page and category page at the commit of its notice, and only then", async () => {
    const p = await createProdotto(t().database.db, { codiceProdotto: 'CA-0001', descrizione1: 'Pinza universale', categoriaId: categoria.id });
    for (const app of [t().app, b]) {
      expect(await titolo(app, 'CA-0001')).toBe('Pinza universale');
      expect((await pagina(app)).titoli['CA-0001']).toBe('Pinza universale');
    }
    await rinomina(p.id, 'Pinza universale 180 mm');
    // Within the TTL both processes still answer from their caches.
    for (const app of [t().app, b]) {
      expect(await titolo(app, 'CA-0001')).toBe('Pinza universale');
      expect((await pagina(app)).titoli['CA-0001']).toBe('Pinza universale');
    }

    const { catalogo } = t().app.deps;
    expect(catalogo.descrizioni.get(p.id)).toBeDefined();
    await inTransazione(t().database.db, (tx) => notificaCatalogo(tx.$client, { prodotti: [p.id] }));
    // The process that made the change forgets at once, without waiting for its notice to come back.
    catalogo.clear({ prodotti: [p.id] });
    expect(catalogo.descrizioni.get(p.id)).toBeUndefined();
    expect(await titolo(t().app, 'CA-0001')).toBe('Pinza universale 180 mm');
    expect((await pagina(t().app)).titoli['CA-0001']).toBe('Pinza universale 180 mm');
    await vi.waitFor(async () => {
      expect(await titolo(b, 'CA-0001')).toBe('Pinza universale 180 mm');
      expect((await pagina(b)).titoli['CA-0001']).toBe('Pinza universale 180 mm');
    }, NOTICE);
  });

  it('a hidden product leaves the category pages and the searches of every process', async () => {
    const { db } = t().database;
    // A category of its own, whose page B has not read yet.
    await createProdotto(db, { codiceProdotto: 'CA-0007', descrizione1: 'Mazzetta', categoriaId: martelli.id });
    const p = await createProdotto(db, { codiceProdotto: 'CA-0002', descrizione1: 'Martello da carpentiere', categoriaId: martelli.id });
    await db.$client`SELECT refresh_search_vocab()`;
    const prima = await pagina(b, '03');
    expect(prima.titoli['CA-0002']).toBe('Martello da carpentiere');
    expect(await cerca(b, 'martello')).toEqual(['CA-0002']);

    await db.update(prodotti).set({ status: 1 }).where(eq(prodotti.id, p.id));
    // The page of ids and its total are cached in B, the search page in search_cache.
    expect(await pagina(b, '03')).toEqual(prima);
    expect(await cerca(b, 'martello')).toEqual(['CA-0002']);

    const versione = async () => (await t().database.sql<{ v: number }[]>`SELECT versione::int AS v FROM search_cache_versione`)[0]!.v;
    const versionePrima = await versione();
    await notificaCatalogo(t().database.sql, { prodotti: [p.id] });
    // search_cache is one table for all processes: its pages are retired by the notice's function
    // itself (a new catalogue version in their keys).
    expect(await versione()).toBe(versionePrima + 1);
    expect(await cerca(b, 'martello')).toEqual([]);
    await vi.waitFor(async () => {
      expect(await pagina(b, '03')).toEqual({ titoli: { 'CA-0007': 'Mazzetta' }, totale: 1 });
    }, NOTICE);
  });

  it("a new category's code reaches another process after the notice 'categorie'", async () => {
    const { db } = t().database;
    const url = `/api/prodotti/categoriawithcustominfo?${SCOPE}&categoria_cod=02&start=0&limit=50`;
    expect((await b.inject({ url, headers: { cookie } })).statusCode).toBe(404);
    const c = await createCategoria(db, { nome: 'Ferramenta', codCat: '02' });
    await createProdotto(db, { codiceProdotto: 'CA-0003', descrizione1: 'Cerniera a scomparsa', categoriaId: c.id });
    // B still knows the codes it read before.
    expect((await b.inject({ url, headers: { cookie } })).statusCode).toBe(404);

    await notificaCatalogo(t().database.sql, 'categorie');
    await vi.waitFor(async () => expect((await pagina(b, '02')).titoli).toEqual({ 'CA-0003': 'Cerniera a scomparsa' }), NOTICE);
  });

  it('notificaCatalogo from a connection without an app (an importer, a seed) makes every server forget', async () => {
    const p = await createProdotto(t().database.db, { codiceProdotto: 'CA-0004', descrizione1: 'Livella a bolla', categoriaId: categoria.id });
    for (const app of [t().app, b]) expect(await titolo(app, 'CA-0004')).toBe('Livella a bolla');
    await rinomina(p.id, 'Livella a bolla 60 cm');
    for (const app of [t().app, b]) expect(await titolo(app, 'CA-0004')).toBe('Livella a bolla');

    await notificaCatalogo(t().database.sql, 'tutto');
    await vi.waitFor(async () => {
      for (const app of [t().app, b]) expect(await titolo(app, 'CA-0004')).toBe('Livella a bolla 60 cm');
    }, NOTICE);
  });

  it("a script's SELECT notifica_catalogo(...) makes every server forget, with no server code (the seeds)", async () => {
    const p = await createProdotto(t().database.db, { codiceProdotto: 'CA-0008', descrizione1: 'Cacciavite', categoriaId: categoria.id });
    for (const app of [t().app, b]) expect(await titolo(app, 'CA-0008')).toBe('Cacciavite');
    await rinomina(p.id, 'Cacciavite a croce');
    for (const app of [t().app, b]) expect(await titolo(app, 'CA-0008')).toBe('Cacciavite');

    await t().database.sql`SELECT notifica_catalogo('prodotti', ${[p.id]}::int[])`;
    await vi.waitFor(async () => {
      for (const app of [t().app, b]) expect(await titolo(app, 'CA-0008')).toBe('Cacciavite a croce');
    }, NOTICE);
    await expect(t().database.sql`SELECT notifica_catalogo('prezzi')`).rejects.toThrow(/invece di prodotti, categorie o tutto/);
  });

  it('a page of ids, a total or the category codes read while the catalogue changes are not kept', async () => {
    const { catalogo } = b.deps;
    const carica = <V>(v: V, cambio: () => void) => async () => {
      cambio();
      return v;
    };
    expect(await catalogo.pagine.ricorda('prova:0:50', carica([1], () => catalogo.clear({ prodotti: [999_002] })))).toEqual([1]);
    expect(await catalogo.totali.ricorda('prova', carica(1, () => catalogo.clear({ prodotti: [999_002] })))).toBe(1);
    expect(await catalogo.codiciCategorie.ricorda('tutte', carica(new Map([['99', 1]]), () => catalogo.clear('categorie'))))
      .toEqual(new Map([['99', 1]]));
    expect(catalogo.pagine.get('prova:0:50')).toBeUndefined();
    expect(catalogo.totali.get('prova')).toBeUndefined();
    expect(catalogo.codiciCategorie.get('tutte')).toBeUndefined();
  });

  it('more products than a notice can carry make every process forget everything', async () => {
    const p = await createProdotto(t().database.db, { codiceProdotto: 'CA-0005', descrizione1: 'Metro a nastro', categoriaId: categoria.id });
    expect(await titolo(b, 'CA-0005')).toBe('Metro a nastro');
    await rinomina(p.id, 'Metro a nastro 5 m');
    expect(await titolo(b, 'CA-0005')).toBe('Metro a nastro');

    // Other ids, too many for one notice (Postgres takes fewer than 8000 bytes): sent as 'tutto'.
    const altri = Array.from({ length: 2000 }, (_, i) => 1_000_000 + i);
    await notificaCatalogo(t().database.sql, { prodotti: altri });
    await vi.waitFor(async () => expect(await titolo(b, 'CA-0005')).toBe('Metro a nastro 5 m'), NOTICE);
  });

  it('a listener that reconnects forgets everything (notices may have been missed meanwhile)', async () => {
    const p = await createProdotto(t().database.db, { codiceProdotto: 'CA-0006', descrizione1: 'Seghetto alternativo', categoriaId: categoria.id });
    expect(await titolo(b, 'CA-0006')).toBe('Seghetto alternativo');
    await rinomina(p.id, 'Seghetto alternativo 650 W');
    expect(await titolo(b, 'CA-0006')).toBe('Seghetto alternativo');

    // Both apps' listening connections drop; postgres.js reconnects them and listens again (the
    // job queue's own listeners, application 'portale-b2b-lavori', are not this test's).
    const cadute = await t().database.sql<{ pid: number }[]>`
      SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'listen%' AND application_name = 'portale-b2b'`;
    expect(cadute.length).toBe(2);
    await vi.waitFor(async () => expect(await titolo(b, 'CA-0006')).toBe('Seghetto alternativo 650 W'), NOTICE);
    // Listening again: invalidations still arrive.
    await rinomina(p.id, 'Seghetto alternativo 710 W');
    await notificaCatalogo(t().database.sql, { prodotti: [p.id] });
    await vi.waitFor(async () => expect(await titolo(b, 'CA-0006')).toBe('Seghetto alternativo 710 W'), NOTICE);
  });

  it('a description read before an invalidation is not kept (it may hold the old texts)', async () => {
    const { descrizioni } = b.deps.catalogo;
    const lettura = descrizioni.lettura();
    b.deps.catalogo.clear({ prodotti: [999_001] });
    descrizioni.salva(lettura, 999_001, Buffer.from('"id":999001'));
    expect(descrizioni.get(999_001)).toBeUndefined();
    descrizioni.salva(descrizioni.lettura(), 999_001, Buffer.from('"id":999001'));
    expect(descrizioni.get(999_001)?.toString()).toBe('"id":999001');
  });

  it('a notice sent in a transaction that rolls back never goes out', async () => {
    const p = await createProdotto(t().database.db, { codiceProdotto: 'CA-0010', descrizione1: 'Forbici da lattoniere', categoriaId: categoria.id });
    expect(await titolo(b, 'CA-0010')).toBe('Forbici da lattoniere');
    const svuota = vi.spyOn(b.deps.catalogo, 'svuota');
    try {
      await expect(inTransazione(t().database.db, async (tx) => {
        await notificaCatalogo(tx.$client, { prodotti: [p.id] });
        throw new Error('annullata');
      })).rejects.toThrow('annullata');
      // Notices arrive in commit order: once this one is here, any before it is too.
      await notificaCatalogo(t().database.sql, { prodotti: [999_003] });
      await vi.waitFor(() => expect(svuota).toHaveBeenCalled(), NOTICE);
      expect(svuota.mock.calls.map(([payload]) => JSON.parse(payload!))).toEqual([{ prodotti: [999_003] }]);
      expect(b.deps.catalogo.descrizioni.get(p.id)).toBeDefined();
    } finally {
      svuota.mockRestore();
    }
  });

  it("an admin's catalogue change whose notice fails is not committed: no process is left with the old data", async () => {
    const { db, sql } = t().database;
    await createProdotto(db, { codiceProdotto: 'CA-0009', descrizione1: 'Chiave inglese', categoriaId: categoria.id });
    const modifiche = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM modifiche_admin`)[0]!.n;
    const cambi: [string, object][] = [
      ['prodotto/edit', { codice_prodotto: 'CA-0009', titolo_portale: 'Chiave regolabile', descrizione_aggiuntiva: 'Apertura 30 mm.', pz_conf: 1 }],
      ['categorie/toggle', { cod_cat: '03' }],
      ['prodotto/reset-photo-name', { codice_prodotto: 'CA-0009' }],
    ];
    const prima = await modifiche();
    // The notice cannot go out (as when the connection drops between a commit and a notice after it).
    await sql`CREATE OR REPLACE FUNCTION notifica_catalogo(cosa text, prodotti int[] DEFAULT '{}') RETURNS void
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'notifica non inviata'; END $$`;
    try {
      for (const [url, payload] of cambi) {
        const res = await t().app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { cookie: admin } });
        expect(res.statusCode, url).toBe(500);
        // The change and its audit record went with it.
        expect(await modifiche(), url).toBe(prima);
      }
    } finally {
      await sql.unsafe(fs.readFileSync(path.resolve(import.meta.dirname, '../../../server/catalogo/sql/notifica_catalogo.sql'), 'utf8'));
    }
    for (const [url, payload] of cambi) {
      expect((await t().app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { cookie: admin } })).statusCode, url).toBe(200);
    }
    expect(await modifiche()).toBe(prima + cambi.length);
  });
});
