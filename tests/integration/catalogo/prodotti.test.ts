import { sql as dsql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { prezziSpeciali, prodottiCodici, prodottiMedia, volantini, volantiniProdotti } from '../../../server/db/schema/index.js';
import {
  createAzienda, createBrand, createCategoria, createCliente, createProdotto, createUtente,
} from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';
import { buildApp } from '../../../server/app.js';
import { mediaProdotto, paginaProdotti, prodottoBase } from '../../../shared/catalogo.js';

const t = useTestApp();
let cookie = '';
let cookieAltro = '';
const q = (url: string, c = cookie) => t().app.inject({ url, headers: { cookie: c } });
let root: { id: number; codCat: string };
let leaf: { id: number; codCat: string };
let p1: { id: number; codiceProdotto: string };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  // listino 1, sconto 10 %; another client on listino 2 without discount.
  const c1 = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', lisMaga: 0, sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200', lisMaga: 2 });
  const altro = await createCliente(db, { aziendaCodice: az.codice, codice: '000300' });
  const u = await createUtente(db, { clienti: [c1.id, c2.id] });
  const other = await createUtente(db, { clienti: [altro.id] });
  cookie = await loginCliente(t().app, u);
  cookieAltro = await loginCliente(t().app, other, 'device-2');

  await createBrand(db, { brandCodice: '007', nome: 'Würth' });
  const r = await createCategoria(db, { nome: 'Utensileria manuale', codCat: '01' });
  const l = await createCategoria(db, { nome: 'Cacciaviti', codCat: '0101', parentId: r.id });
  root = r; leaf = l;
  p1 = await createProdotto(db, {
    codiceProdotto: 'WU-0001', descrizione1: 'Cacciavite a taglio 5,5x125', categoriaId: l.id, brandCodice: '007',
    prezzi: { 1: '10.000', 2: '8.500' }, disponibilita: 5, ordForn: 0,
  });
  const p2 = await createProdotto(db, {
    codiceProdotto: 'WU-0002', descrizione1: 'Giravite croce PH2', categoriaId: l.id, prezzi: { 1: '4.000' }, disponibilita: 0, ordForn: 20,
    createdAt: dsql`now() - interval '90 days'` as unknown as Date,
  });
  await createProdotto(db, {
    codiceProdotto: 'MA-0003', descrizione1: 'Martello carpentiere', categoriaId: r.id, prezzi: {}, disponibilita: 0, ordForn: 0,
    createdAt: dsql`now() - interval '90 days'` as unknown as Date,
  });
  await createProdotto(db, { codiceProdotto: 'DEL-1', descrizione1: 'Cancellato', categoriaId: l.id, deletedAt: new Date() });
  await db.insert(prezziSpeciali).values({ clienteId: c1.id, prodottoId: p2.id, prezzo: '3.100' });
  await db.insert(prodottiCodici).values([
    { prodottoId: p1.id, tipo: 'articolo', codice: 'ART-1' },
    { prodottoId: p1.id, tipo: 'fornitore', codice: 'WUR0612' },
    { prodottoId: p1.id, tipo: 'ean', codice: '8001234567895' },
  ]);
  await db.insert(prodottiMedia).values([
    { codiceProdotto: 'WU-0001', tipologia: 'foto', nome: '', file: 'b.jpg', dir: 'prodotti/WU-0001/' },
    { codiceProdotto: 'WU-0001', tipologia: 'foto', nome: 'default', file: 'a.jpg', dir: 'prodotti/WU-0001/' },
    { codiceProdotto: 'WU-0001', tipologia: 'allegato', nome: 'Scheda', file: 's.pdf', dir: 'prodotti/WU-0001/' },
  ]);
  const [v] = await db.insert(volantini).values({ nome: 'Promo primavera' }).returning();
  await db.insert(volantiniProdotti).values([{ volantinoId: v!.id, prodottoId: p2.id, ordine: 1 }, { volantinoId: v!.id, prodottoId: p1.id, ordine: 2 }]);
});

const cat = (codes: string, extra = '') => `/api/prodotti/categoriawithcustominfo?${codes}&categoria_cod=${root.codCat}${extra}`;
const C1 = 'cod_azienda=0001&cod_cliente=000100';
const C2 = 'cod_azienda=0001&cod_cliente=000200';

describe('prodotti/categoriawithcustominfo', () => {
  it('lists a category with its sub-categories, without deleted products, priced for the client', async () => {
    const res = await q(cat(C1));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ paginaCorrente: 1, totalePagine: 1, totaleProdotti: 3 });
    const byCode = Object.fromEntries(body.prodotti.map((p: { codice_prodotto: string }) => [p.codice_prodotto, p]));
    expect(Object.keys(byCode).sort()).toEqual(['MA-0003', 'WU-0001', 'WU-0002']);
    // list 1 less 10 % discount
    expect(byCode['WU-0001']).toMatchObject({ prezzo: 10, prezzo_reale: 9, pz1: 10, pz2: 8.5, listino: 1, promo: true, brand_descrizione: 'Würth' });
    // special price wins over the discount
    expect(byCode['WU-0002']).toMatchObject({ prezzo: 4, prezzo_reale: 3.1, promo: true, disponibilita_colore: 'giallo', novita: false });
    // no price at all: 0
    expect(byCode['MA-0003']).toMatchObject({ prezzo: 0, prezzo_reale: 0, promo: false, disponibilita_colore: 'rosso' });
  });

  it('uses the price list of the other client (list 2, no discount, no special price)', async () => {
    const byCode = Object.fromEntries((await q(cat(C2))).json().prodotti.map((p: { codice_prodotto: string }) => [p.codice_prodotto, p]));
    expect(byCode['WU-0001']).toMatchObject({ prezzo: 8.5, prezzo_reale: 8.5, listino: 2, promo: false, novita: true });
    expect(byCode['WU-0002']).toMatchObject({ prezzo: 0, prezzo_reale: 0 });
  });

  it('carries photos, attachments and info lists, main photo first', async () => {
    const p = (await q(cat(C1))).json().prodotti.find((x: { codice_prodotto: string }) => x.codice_prodotto === 'WU-0001');
    expect(p.foto_principale).toBe('prodotti/WU-0001/a.jpg');
    expect(p.media_foto.map((m: { file: string }) => m.file)).toEqual(['a.jpg', 'b.jpg']);
    expect(p.media_allegati).toHaveLength(1);
    expect(p.info).toEqual({
      codice_articolo: ['ART-1'], codice_fornitore: ['WUR0612'], ean: ['8001234567895'],
      foto: ['prodotti/WU-0001/a.jpg', 'prodotti/WU-0001/b.jpg'], allegato: ['prodotti/WU-0001/s.pdf'],
    });
  });

  it('sends the same page as bytes in production, holding only the keys of its schema', async () => {
    const prod = await buildApp({ ...t().config, env: 'production' }, { logger: false });
    try {
      // The same session under the production name of its cookie (__Host-sid).
      const res = await prod.inject({ url: cat(C1), headers: { cookie: `__Host-${cookie}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.json()).toEqual((await q(cat(C1))).json());
      expect(res.body).toContain('"brand_descrizione":"Würth"');
      // The bytes skip the serializer: they must hold the schema's keys and nothing else (the
      // price lists pz1, pz2… are the documented extra keys of a product).
      const page = res.json();
      // Every key the schema requires, and nothing it does not name (codice_cliente is the search's alone).
      const richieste = Object.entries(paginaProdotti.shape).filter(([, s]) => !s.safeParse(undefined).success).map(([k]) => k);
      expect(Object.keys(page).sort()).toEqual(richieste.sort());
      const known = new Set(Object.keys(prodottoBase.shape));
      for (const p of page.prodotti) {
        expect(Object.keys(p).filter((k) => !known.has(k) && !/^pz\d+$/.test(k))).toEqual([]);
        for (const m of [...p.media_foto, ...p.media_allegati]) expect(Object.keys(m).sort()).toEqual(Object.keys(mediaProdotto.shape).sort());
        expect(Object.keys(p.info).sort()).toEqual(Object.keys(prodottoBase.shape.info.shape).sort());
      }
    } finally {
      await prod.close();
    }
  });

  it('pages with start and limit', async () => {
    const body = (await q(cat(C1, '&start=2&limit=2'))).json();
    expect(body).toMatchObject({ paginaCorrente: 2, totalePagine: 2, totaleProdotti: 3 });
    expect(body.prodotti).toHaveLength(1);
    expect((await q(`/api/prodotti/categoriawithcustominfo?${C1}&categoria_cod=${leaf.codCat}`)).json().totaleProdotti).toBe(2);
  });

  it.each([
    ['&start=-1', /start/], ['&start=abc', /start/], ['&limit=0', /limit/], ['&limit=101', /limit/], ['&limit=1e3', /limit/],
  ])('answers 400 for %s', async (extra, msg) => {
    const res = await q(cat(C1, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('answers 400 without the client codes and 404 for an unknown category', async () => {
    expect((await q(`/api/prodotti/categoriawithcustominfo?categoria_cod=01`)).statusCode).toBe(400);
    const res = await q(`/api/prodotti/categoriawithcustominfo?${C1}&categoria_cod=ZZ`);
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 with another client\'s codes', async () => {
    expect((await t().app.inject({ url: cat(C1) })).statusCode).toBe(401);
    const res = await q(cat(C1), cookieAltro);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('WU-0001');
    expect((await q(cat('cod_azienda=0002&cod_cliente=000100'))).statusCode).toBe(403);
  });
});

describe('other product lists', () => {
  it('brandwithcustominfo, volantinowithcustominfo (flyer order) and novita', async () => {
    const brand = (await q(`/api/prodotti/brandwithcustominfo?${C1}&brand_id=007`)).json();
    expect(brand.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto)).toEqual(['WU-0001']);
    const [v] = await t().database.db.select().from(volantini);
    const vol = (await q(`/api/prodotti/volantinowithcustominfo?${C1}&volantino_id=${v!.id}`)).json();
    expect(vol.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto)).toEqual(['WU-0002', 'WU-0001']);
    const nov = (await q(`/api/prodotti/novita?${C1}`)).json();
    expect(nov.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto)).toEqual(['WU-0001']);
    expect((await q(`/api/prodotti/volantinowithcustominfo?${C1}&volantino_id=x`)).statusCode).toBe(400);
  });

  it('details and prodottoByCodiceProdotto', async () => {
    const d = (await q(`/api/prodotti/details?${C1}&codice_prodotto=WU-0001`)).json();
    expect(d.prodotto).toMatchObject({ id: p1.id, prezzo_reale: 9 });
    expect((await q(`/api/prodotti/details?${C1}&codice_prodotto=NOPE`)).statusCode).toBe(404);
    expect((await q(`/api/prodotti/details?${C1}&codice_prodotto=WU-0001`, cookieAltro)).statusCode).toBe(403);
    const b = (await q(`/api/search/prodottoByCodiceProdotto?codice_prodotto=WU-0001`)).json();
    expect(b.prodotto).toHaveLength(1);
    expect((await q(`/api/search/prodottoByCodiceProdotto?codice_prodotto=NOPE`)).json().prodotto).toEqual([]);
    expect((await q(`/api/search/prodottoByCodiceProdotto`)).statusCode).toBe(400);
  });

  it('random answers visible products in stock; ultimiordinati needs the user\'s own code', async () => {
    const r = (await q(`/api/prodotti/random?${C1}&limit=5`)).json();
    expect(r.prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto)).toEqual(['WU-0001']);
    const me = (await q('/api/sessione')).json().utente.utente_codice;
    expect((await q(`/api/prodotti/ultimiordinati?${C1}&cod_utente=${me}`)).json()).toEqual({ prodotti: [] });
    expect((await q(`/api/prodotti/ultimiordinati?${C1}&cod_utente=U99999`)).statusCode).toBe(403);
    expect((await q(`/api/prodotti/random?${C1}&limit=500`)).statusCode).toBe(400);
  });
});

describe('reference lists', () => {
  it('categorie/list answers the tree', async () => {
    const { categorie } = (await q('/api/categorie/list')).json();
    expect(categorie).toEqual([expect.objectContaining({ cod_cat: '01', figli: [expect.objectContaining({ cod_cat: '0101', livello: 1, figli: [] })] })]);
    expect((await t().app.inject({ url: '/api/categorie/list' })).statusCode).toBe(401);
  });

  it('brand/list_new is keyed by code; brand/info answers one or 404 with the spec text', async () => {
    const list = (await q('/api/brand/list_new')).json();
    expect(list['007']).toMatchObject({ brand_codice: '007', nome: 'Würth' });
    expect(list['000']).toBeUndefined();
    expect((await q('/api/brand/info?brand_id=007')).json().nome).toBe('Würth');
    const missing = await q('/api/brand/info?brand_id=999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('Marchio con ID 999 non trovato');
  });

  it('volantini/list answers flyers with their product counts', async () => {
    const { volantini: v } = (await q('/api/volantini/list')).json();
    expect(v).toEqual([expect.objectContaining({ nome: 'Promo primavera', numero_prodotti: 2 })]);
  });
});

describe('PROMO (docs/regole/catalogo.md#promo-new)', () => {
  it('tags a product of a flyer running today whose net price is below its list price, not every discounted product', async () => {
    const { db } = t().database;
    // After every other test of the file, in a category of its own (their counts and flyer list stay).
    const cat09 = await createCategoria(db, { nome: 'Promozioni', codCat: '09' });
    const prodotto = (codiceProdotto: string) => createProdotto(db, { codiceProdotto, categoriaId: cat09.id, prezzi: { 1: '10.000', 2: '10.000' } });
    const inCorso = await prodotto('PR-CORSO');
    const finito = await prodotto('PR-FINITO');
    const futuro = await prodotto('PR-FUTURO');
    await prodotto('PR-FUORI');
    const giorno = (giorni: number) => new Date(Date.now() + giorni * 86_400_000).toISOString().slice(0, 10);
    const [corrente, passato, prossimo] = await db.insert(volantini).values([
      { nome: 'In corso', dataInizio: giorno(-3), dataFine: giorno(3) },
      { nome: 'Finito', dataInizio: giorno(-40), dataFine: giorno(-10) },
      { nome: 'Futuro', dataInizio: giorno(10), dataFine: null },
    ]).returning();
    await db.insert(volantiniProdotti).values([
      { volantinoId: corrente!.id, prodottoId: inCorso.id }, { volantinoId: passato!.id, prodottoId: finito.id },
      { volantinoId: prossimo!.id, prodottoId: futuro.id },
    ]);
    // Each product's own page: live prices, no cached list in between.
    const promo = async (codes: string) => Object.fromEntries(await Promise.all(['PR-CORSO', 'PR-FINITO', 'PR-FUTURO', 'PR-FUORI'].map(async (c) => {
      const p = (await q(`/api/prodotti/details?${codes}&codice_prodotto=${c}`)).json().prodotto as { promo: boolean; prezzo: number; prezzo_reale: number };
      return [c, [p.promo, p.prezzo, p.prezzo_reale]];
    })));
    // Client 1 has 10 % off everything: a discount, not a promotion, except in the running flyer.
    expect(await promo(C1)).toEqual({
      'PR-CORSO': [true, 10, 9], 'PR-FINITO': [false, 10, 9], 'PR-FUTURO': [false, 10, 9], 'PR-FUORI': [false, 10, 9],
    });
    // Client 2 pays the list price: no promotion to show, even in the running flyer.
    expect((await promo(C2))['PR-CORSO']).toEqual([false, 10, 10]);
  });
});
