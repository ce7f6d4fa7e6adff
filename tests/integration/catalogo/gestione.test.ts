import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { categorie, prodotti } from '../../../server/db/schema/index.js';
import { MSG_CATALOGO } from '../../../shared/catalogo-costanti.js';
import {
  createAdmin, createAzienda, createBrand, createCategoria, createCliente, createProdotto, createUtente,
} from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/**
 * The admin's catalogue calls (prodotto/edit, categorie/toggle) and the customer catalogue calls
 * as the admin product screens use them (codes 0001/0001). App A is the harness's; app B is a
 * second server process on the same database.
 */
const t = useTestApp();
let b: FastifyInstance;
let admin = '';
let cliente = '';
let ferramenta: { id: number; codCat: string };
let viteria: { id: number; codCat: string };
let viti: { id: number; codCat: string };
let tasselli: { id: number; codCat: string };

const CLIENTE = 'cod_azienda=0001&cod_cliente=000100';
/** The codes of the admin product screens (docs/regole/catalogo.md#staff-catalogue): no such client, priced with list 1. */
const ADMIN_CODICI = 'cod_azienda=0001&cod_cliente=0001';
const NOTICE = { timeout: 3000, interval: 25 };

const inject = (app: FastifyInstance, cookie: string, url: string) => app.inject({ url, headers: { cookie } });
const get = async (app: FastifyInstance, cookie: string, url: string) => {
  const res = await inject(app, cookie, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const edit = (payload: Record<string, unknown>, cookie = admin) =>
  t().app.inject({ method: 'POST', url: '/api/prodotto/edit', headers: { cookie }, payload });
const toggle = (codCat: string, cookie = admin) =>
  t().app.inject({ method: 'POST', url: '/api/categorie/toggle', headers: { cookie }, payload: { cod_cat: codCat } });
const cerca = async (app: FastifyInstance, stringa: string, cookie = cliente, codici = CLIENTE): Promise<string[]> =>
  (await get(app, cookie, `/api/search/prodotti?${codici}&stringa=${encodeURIComponent(stringa)}&start=0&limit=50`)).prodotti
    .map((p: { codice_prodotto: string }) => p.codice_prodotto);
const dettaglio = async (app: FastifyInstance, codice: string, cookie = cliente, codici = CLIENTE) =>
  (await get(app, cookie, `/api/prodotti/details?${codici}&codice_prodotto=${codice}`)).prodotto;
/** A category page's product codes and its total. */
const pagina = async (app: FastifyInstance, codCat: string, cookie = cliente, codici = CLIENTE) => {
  const body = await get(app, cookie, `/api/prodotti/categoriawithcustominfo?${codici}&categoria_cod=${codCat}&start=0&limit=50`);
  return { codici: body.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto).sort(), totale: body.totaleProdotti as number };
};
/** The codes of a category tree, depth first. */
const codiciAlbero = (nodi: { cod_cat: string; figli: unknown[] }[]): string[] =>
  nodi.flatMap((n) => [n.cod_cat, ...codiciAlbero(n.figli as { cod_cat: string; figli: unknown[] }[])]);
const sql = () => t().database.sql;

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  admin = await loginAdmin(t().app, await createAdmin(db, { username: 'admin.catalogo' }));
  await createBrand(db, { brandCodice: '010', nome: 'Fischer' });
  ferramenta = await createCategoria(db, { nome: 'Ferramenta', codCat: '03' });
  viteria = await createCategoria(db, { nome: 'Viteria', codCat: '0301', parentId: ferramenta.id });
  viti = await createCategoria(db, { nome: 'Viti per legno', codCat: '030101', parentId: viteria.id });
  tasselli = await createCategoria(db, { nome: 'Tasselli', codCat: '0302', parentId: ferramenta.id });
  await createProdotto(db, { codiceProdotto: 'VI-0001', descrizione1: 'Vite truciolare 4x40 testa svasata', categoriaId: viti.id });
  await createProdotto(db, { codiceProdotto: 'VI-0002', descrizione1: 'Vite metrica M8x30', categoriaId: viteria.id });
  await createProdotto(db, {
    codiceProdotto: 'TA-0001', descrizione1: 'Tassello nylon 8 mm', categoriaId: tasselli.id, brandCodice: '010',
    prezzi: { 1: '0.120', 2: '0.100' },
  });
  await sql()`SELECT refresh_search_vocab()`;
  b = await buildApp(t().config, { logger: false });
});

afterAll(async () => {
  await b?.close();
});

describe('prodotto/edit', () => {
  const valido = { codice_prodotto: 'TA-0001', titolo_portale: 'Tassello universale', descrizione_aggiuntiva: 'Per muratura piena.', pz_conf: 100 };

  it('checks the session before the input: 401 without one, 403 for a customer', async () => {
    expect((await edit({}, '')).statusCode).toBe(401);
    expect((await edit(valido, '')).statusCode).toBe(401);
    expect((await edit({}, cliente)).statusCode).toBe(403);
    expect((await edit(valido, cliente)).statusCode).toBe(403);
  });

  it('requires every field, in Italian', async () => {
    const casi: [Record<string, unknown>, string][] = [
      [{ ...valido, titolo_portale: '   ' }, MSG_CATALOGO.titoloObbligatorio],
      [{ ...valido, titolo_portale: undefined }, MSG_CATALOGO.titoloObbligatorio],
      [{ ...valido, descrizione_aggiuntiva: '' }, MSG_CATALOGO.descrizioneObbligatoria],
      [{ ...valido, pz_conf: 0 }, MSG_CATALOGO.pzConf],
      [{ ...valido, pz_conf: 'dieci' }, MSG_CATALOGO.pzConf],
      [{ ...valido, pz_conf: 2.5 }, MSG_CATALOGO.pzConf],
      [{ ...valido, pz_conf: undefined }, 'campo obbligatorio'],
      [{ ...valido, codice_prodotto: '' }, 'Codice mancante'],
      [{ ...valido, titolo_portale: 'x'.repeat(201) }, 'al massimo 200 caratteri'],
    ];
    for (const [payload, msg] of casi) {
      const res = await edit(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const res = await edit({ ...valido, codice_prodotto: 'NON-ESISTE' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG_CATALOGO.prodottoSconosciuto('NON-ESISTE'));
    await createProdotto(t().database.db, { codiceProdotto: 'DEL-0001', categoriaId: tasselli.id, deletedAt: new Date() });
    expect((await edit({ ...valido, codice_prodotto: 'DEL-0001' })).statusCode).toBe(404);
  });

  it('saves the texts from a form-encoded body and records who changed what, before and after', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/prodotto/edit',
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...valido, titolo_portale: '  Tassello universale  ', pz_conf: '100' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: MSG_CATALOGO.prodottoAggiornato });
    const [p] = await sql()`SELECT titolo_portale, descrizione_aggiuntiva, pz_conf FROM prodotti WHERE codice_prodotto = 'TA-0001'`;
    expect(p).toEqual({ titolo_portale: 'Tassello universale', descrizione_aggiuntiva: 'Per muratura piena.', pz_conf: 100 });
    const storico = await get(t().app, admin, '/api/modifiche/read?entita=prodotto&entita_id=TA-0001');
    expect(storico.totale).toBe(1);
    expect(storico.modifiche[0]).toMatchObject({
      admin_username: 'admin.catalogo', azione: 'prodotto.modifica', entita: 'prodotto', entita_id: 'TA-0001',
      dettagli: {
        titolo_portale: { prima: null, dopo: 'Tassello universale' },
        descrizione_aggiuntiva: { prima: '', dopo: 'Per muratura piena.' },
        pz_conf: { prima: 1, dopo: 100 },
      },
    });
    // The same texts again change nothing and record nothing.
    expect((await edit(valido)).json().status).toBe(0);
    expect((await get(t().app, admin, '/api/modifiche/read?entita=prodotto&entita_id=TA-0001')).totale).toBe(1);
    // A form field sent twice is a list, not text.
    const doppio = await t().app.inject({
      method: 'POST', url: '/api/prodotto/edit', headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'codice_prodotto=TA-0001&titolo_portale=a&titolo_portale=b&descrizione_aggiuntiva=x&pz_conf=1',
    });
    expect(doppio.statusCode).toBe(400);
  });

  it('customers find the product by its new words at once, in every process: whole word, prefix, typo', async () => {
    const prima = await cerca(b, 'truciolare');
    expect(prima).toEqual(['VI-0001']);
    // A page for the new word, cached before the edit: nothing.
    expect(await cerca(b, 'zincopassivata')).toEqual([]);
    for (const app of [t().app, b]) expect((await dettaglio(app, 'VI-0001')).titolo).toBe('Vite truciolare 4x40 testa svasata');
    expect((await pagina(b, '0301')).codici).toEqual(['VI-0001', 'VI-0002']);

    const res = await edit({
      codice_prodotto: 'VI-0001', titolo_portale: 'Vite zincopassivata 4x40 testa svasata', descrizione_aggiuntiva: 'Filetto parziale.', pz_conf: 200,
    });
    expect(res.json().status).toBe(0);

    // The vocabulary learnt the new words, with the lexemes a full refresh would give them.
    const [v] = await sql()`SELECT word, alias, lexemes FROM search_vocab WHERE word = 'zincopassivata'`;
    expect(v).toMatchObject({ word: 'zincopassivata', alias: 'asciiword' });
    const [w] = await sql()`SELECT word FROM search_word WHERE word = 'zincopassivata'`;
    expect(w).toBeDefined();
    for (const app of [t().app, b]) {
      expect(await cerca(app, 'zincopassivata')).toEqual(['VI-0001']);
      expect(await cerca(app, 'Zincopass')).toEqual(['VI-0001']); // a prefix: only through the vocabulary
      expect(await cerca(app, 'zincopasivata')).toEqual(['VI-0001']); // a typo: search_word's trigrams
      expect(await cerca(app, 'filetto parziale')).toEqual(['VI-0001']); // the extra description
      // The old title's word: the cached page is not served.
      expect(await cerca(app, 'truciolare')).toEqual([]);
    }
    await vi.waitFor(async () => {
      const p = await dettaglio(b, 'VI-0001');
      expect(p).toMatchObject({ titolo: 'Vite zincopassivata 4x40 testa svasata', descrizione_aggiuntiva: 'Filetto parziale.', pz_conf: 200 });
      expect((await pagina(b, '0301')).codici).toEqual(['VI-0001', 'VI-0002']);
      const lista = await get(b, cliente, `/api/prodotti/categoriawithcustominfo?${CLIENTE}&categoria_cod=030101`);
      expect(lista.prodotti[0].titolo).toBe('Vite zincopassivata 4x40 testa svasata');
    }, NOTICE);
    await sql()`SELECT refresh_search_vocab()`;
    expect((await sql()`SELECT word, alias, lexemes FROM search_vocab WHERE word = 'zincopassivata'`)[0]).toEqual(v);
  });

  it('a search that read the catalogue before an edit cannot store its page for after it', async () => {
    // A search whose snapshot predates the edit, still running when the edit commits.
    const lenta = await sql().reserve();
    try {
      await lenta`BEGIN ISOLATION LEVEL REPEATABLE READ`;
      await lenta`SELECT count(*) FROM prodotti`;
      const res = await edit({ codice_prodotto: 'VI-0002', titolo_portale: 'Vite metrica M8x30 con ghiera', descrizione_aggiuntiva: 'Acciaio 8.8.', pz_conf: 50 });
      expect(res.json().status).toBe(0);
      // It finds nothing (its snapshot) and stores that page, after the edit's invalidation,
      // under the version it read.
      expect((await lenta`SELECT ids FROM search_prodotti('ghiera', 50, 0)`)[0]!.ids).toEqual([]);
      await lenta`COMMIT`;
    } finally {
      lenta.release();
    }
    expect(await cerca(t().app, 'ghiera')).toEqual(['VI-0002']);
  });

  it('prodotti/custom pages the products with portal texts, latest change first, for the admin', async () => {
    const body = await get(t().app, admin, `/api/prodotti/custom?${ADMIN_CODICI}&start=0&limit=2`);
    expect(body).toMatchObject({ paginaCorrente: 1, totalePagine: 2, totaleProdotti: 3 });
    expect(body.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto)).toEqual(['VI-0002', 'VI-0001']);
    const seconda = await get(t().app, admin, `/api/prodotti/custom?${ADMIN_CODICI}&start=2&limit=2`);
    expect(seconda.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto)).toEqual(['TA-0001']);
    expect((await inject(t().app, '', `/api/prodotti/custom?${ADMIN_CODICI}`)).statusCode).toBe(401);
  });
});

describe('the customer catalogue calls with an admin session (admin product screens)', () => {
  it('category pages, search and details answer with list-1 prices for the codes 0001/0001', async () => {
    const cat = await pagina(t().app, '03', admin, ADMIN_CODICI);
    expect(cat).toEqual({ codici: ['TA-0001', 'VI-0001', 'VI-0002'], totale: 3 });
    expect(await cerca(t().app, 'tassello', admin, ADMIN_CODICI)).toEqual(['TA-0001']);
    const p = await dettaglio(t().app, 'TA-0001', admin, ADMIN_CODICI);
    expect(p).toMatchObject({ prezzo: 0.12, prezzo_reale: 0.12, listino: 1, pz1: 0.12, pz2: 0.1, brand_descrizione: 'Fischer' });
    // The customer's own price for comparison: 10 % off.
    expect((await dettaglio(t().app, 'TA-0001')).prezzo_reale).toBe(0.108);
  });

  it("the admin's search text is trimmed and lowercased like the customer's", async () => {
    expect(await cerca(t().app, '  TASSELLO  ', admin, ADMIN_CODICI)).toEqual(['TA-0001']);
    const res = await inject(t().app, admin, `/api/search/prodotti?${ADMIN_CODICI}&stringa=%20`);
    expect(res.statusCode).toBe(400);
  });
});

describe('categorie/toggle', () => {
  it('checks the session before the input, then the input', async () => {
    expect((await t().app.inject({ method: 'POST', url: '/api/categorie/toggle', payload: {} })).statusCode).toBe(401);
    expect((await toggle('03', cliente)).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'POST', url: '/api/categorie/toggle', headers: { cookie: admin }, payload: {} })).statusCode).toBe(400);
    const res = await toggle('99');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG_CATALOGO.categoriaSconosciuta('99'));
  });

  it('a disabled category leaves the customers\' tree and pages with its branch, in every process, and comes back', async () => {
    // B reads everything once, so that its caches hold the enabled tree.
    expect((await pagina(b, '03')).totale).toBe(3);
    expect((await pagina(b, '0301')).totale).toBe(2);

    const off = await toggle('0301');
    expect(off.json()).toEqual({ status: 0, msg: MSG_CATALOGO.categoriaDisattivata('Viteria'), new_value: 1 });

    for (const app of [t().app, b]) {
      // The customers' tree: Viteria gone with its sub-category; the admin's: all (siblings by
      // name), with their status.
      expect(codiciAlbero((await get(app, cliente, '/api/categorie/list')).categorie)).toEqual(['03', '0302']);
      const albero = (await get(app, admin, '/api/categorie/list')).categorie;
      expect(codiciAlbero(albero)).toEqual(['03', '0302', '0301', '030101']);
      expect(albero[0].figli[1]).toMatchObject({ cod_cat: '0301', status: 1, figli: [expect.objectContaining({ cod_cat: '030101', status: 0 })] });
    }
    await vi.waitFor(async () => {
      for (const app of [t().app, b]) {
        expect(await pagina(app, '03')).toEqual({ codici: ['TA-0001'], totale: 1 });
        for (const cod of ['0301', '030101']) {
          const res = await inject(app, cliente, `/api/prodotti/categoriawithcustominfo?${CLIENTE}&categoria_cod=${cod}`);
          expect(res.statusCode).toBe(404);
        }
      }
    }, NOTICE);
    // Search follows the category pages (docs/regole/catalogo.md#disabled-category): the branch's
    // products are found neither by word nor by code, in any process, also for a search cached
    // before the switch (search_cache is shared); their product page stays, for lists and carts.
    for (const app of [t().app, b]) {
      expect(await cerca(app, 'ghiera')).toEqual([]);
      expect(await cerca(app, 'vite')).toEqual([]);
      expect(await cerca(app, 'VI-0001')).toEqual([]);
      expect((await get(app, cliente, `/api/search/prodotti?${CLIENTE}&stringa=vite&start=50&limit=50`)).totaleProdotti).toBe(0);
    }
    expect((await dettaglio(b, 'VI-0002')).codice_prodotto).toBe('VI-0002');
    // A product added to the hidden branch stays out of the pages too.
    await createProdotto(t().database.db, { codiceProdotto: 'VI-0003', descrizione1: 'Vite autofilettante', categoriaId: viti.id });
    const [n] = await sql()`SELECT count(*)::int AS n FROM prodotti_categorie pc JOIN prodotti p ON p.id = pc.prodotto_id WHERE p.codice_prodotto = 'VI-0003'`;
    expect(n!.n).toBe(0);

    const on = await toggle('0301');
    expect(on.json()).toEqual({ status: 0, msg: MSG_CATALOGO.categoriaAttivata('Viteria'), new_value: 0 });
    await vi.waitFor(async () => {
      for (const app of [t().app, b]) {
        expect(codiciAlbero((await get(app, cliente, '/api/categorie/list')).categorie)).toEqual(['03', '0302', '0301', '030101']);
        expect(await pagina(app, '03')).toEqual({ codici: ['TA-0001', 'VI-0001', 'VI-0002', 'VI-0003'], totale: 4 });
        expect((await pagina(app, '030101')).codici).toEqual(['VI-0001', 'VI-0003']);
        expect((await cerca(app, 'vite')).sort()).toEqual(['VI-0001', 'VI-0002', 'VI-0003']);
        expect(await cerca(app, 'VI-0001')).toEqual(['VI-0001']);
      }
    }, NOTICE);

    const storico = await get(t().app, admin, '/api/modifiche/read?entita=categoria&entita_id=0301');
    expect(storico.modifiche.map((m: { azione: string; dettagli: unknown }) => [m.azione, m.dettagli])).toEqual([
      ['categoria.attiva', { nome: 'Viteria', status: { prima: 1, dopo: 0 } }],
      ['categoria.disattiva', { nome: 'Viteria', status: { prima: 0, dopo: 1 } }],
    ]);
  });

  it('a sub-category enabled under a disabled one stays hidden until its parent is enabled again', async () => {
    const { db } = t().database;
    await toggle('03');
    await db.update(categorie).set({ status: 2 }).where(eq(categorie.id, tasselli.id));
    expect((await toggle('0302')).json().new_value).toBe(0);
    expect((await get(t().app, cliente, '/api/categorie/list')).categorie).toEqual([]);
    const [n] = await sql()`SELECT count(*)::int AS n FROM prodotti_categorie`;
    expect(n!.n).toBe(0);
    expect((await toggle('03')).json().new_value).toBe(0);
    expect((await pagina(t().app, '0302')).codici).toEqual(['TA-0001']);
    // A moved product follows its new category's visibility.
    const [spostato] = await db.update(prodotti).set({ categoriaId: tasselli.id }).where(eq(prodotti.codiceProdotto, 'VI-0003')).returning();
    t().app.deps.catalogo.clear({ prodotti: [spostato!.id] });
    expect((await pagina(t().app, '0302')).codici).toEqual(['TA-0001', 'VI-0003']);
  });
});
