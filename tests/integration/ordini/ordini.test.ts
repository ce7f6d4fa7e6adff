import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ordini, ordiniRighe, prezziSpeciali, prodotti } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';
import { applicaPopolarita } from '../../../server/catalogo/popolarita.js';

const t = useTestApp();
let cookie = '';
let cookieAltro = '';
let me = '';
let other = '';
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  const u = await createUtente(db, { clienti: [c.id], username: 'mario@test.local' });
  const u2 = await createUtente(db, { clienti: [c2.id] });
  me = u.codice;
  other = u2.codice;
  cookie = await loginCliente(t().app, u);
  cookieAltro = await loginCliente(t().app, u2, 'device-2');
  await createProdotto(db, { codiceProdotto: 'A1', descrizione1: 'Articolo uno', prezzi: { 1: '10.000' }, disponibilita: 100 });
  const b = await createProdotto(db, { codiceProdotto: 'B2', descrizione1: 'Articolo due', prezzi: { 1: '5.000' }, disponibilita: 3 });
  await createProdotto(db, { codiceProdotto: 'SCARSO', descrizione1: 'Solo sette', prezzi: { 1: '1.000' }, disponibilita: 7 });
  await db.insert(prezziSpeciali).values({ clienteId: c.id, prodottoId: b.id, prezzo: '4.250' });
});

const create = (payload: object, headers: Record<string, string> = {}, c = cookie) =>
  t().app.inject({ method: 'POST', url: '/api/ordini/create', payload, headers: { cookie: c, ...headers } });
const order = (items: object[], extra: object = {}) => ({ ...SCOPE, utente_codice: me, nome: 'Cantiere Via Roma', note: 'Consegna mattina', carrelloItems: items, ...extra });
const stock = async (code: string) =>
  (await t().database.db.select({ d: prodotti.disponibilita }).from(prodotti).where(eq(prodotti.codiceProdotto, code)))[0]!.d;

describe('ordini/check', () => {
  it('reports availability per line from current stock', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/ordini/check', headers: { cookie },
      payload: { prodotti: [{ codice_prodotto: 'A1', quantita: 5 }, { codice_prodotto: 'B2', quantita: 4 }, { codice_prodotto: 'NOPE', quantita: 1 }] },
    });
    expect(res.json()).toEqual([
      { codice_prodotto: 'A1', disponibile: true, disponibilita: 100 },
      { codice_prodotto: 'B2', disponibile: false, disponibilita: 3 },
      { codice_prodotto: 'NOPE', disponibile: false, disponibilita: 0 },
    ]);
  });

  it('refuses a missing body (400) and no session (401)', async () => {
    expect((await t().app.inject({ method: 'POST', url: '/api/ordini/check', headers: { cookie } })).statusCode).toBe(400);
    expect((await t().app.inject({ method: 'POST', url: '/api/ordini/check', payload: { prodotti: [] } })).statusCode).toBe(401);
  });
});

describe('ordini/create', () => {
  it('creates the order with server prices, reserves stock and mails a confirmation', async () => {
    const before = await stock('A1');
    const res = await create(order([
      { codice_prodotto: 'A1', quantita: 2, prezzo: 0.01, prezzo_reale: 0.01 }, // tampered prices are ignored
      { codice_prodotto: 'B2', quantita: '1' },
    ]));
    const body = res.json();
    expect(body).toMatchObject({ status: 0, ordine_id: expect.any(Number) });
    const [o] = await t().database.db.select().from(ordini).where(eq(ordini.id, body.ordine_id));
    expect(o).toMatchObject({ responseCode: '201', nome: 'Cantiere Via Roma', note: 'Consegna mattina', totale: '22.250', clienteCodice: '000100' });
    const righe = await t().database.db.select().from(ordiniRighe).where(eq(ordiniRighe.ordineId, body.ordine_id));
    expect(righe.map((r) => [r.codiceProdotto, r.qt, r.prezzo, r.prezzoReale, r.prodottoNome])).toEqual([
      ['A1', 2, '10.000', '9.000', 'Articolo uno'], ['B2', 1, '5.000', '4.250', 'Articolo due'],
    ]);
    expect(await stock('A1')).toBe(before - 2);
    const mails = () => (fs.existsSync(t().config.mailDir) ? fs.readdirSync(t().config.mailDir).filter((f) => f.endsWith('.eml')) : []);
    await expect.poll(() => mails().length).toBeGreaterThan(0);
    const mail = fs.readFileSync(`${t().config.mailDir}/${mails()[0]}`, 'utf8');
    expect(mail).toContain('mario@test.local');
    expect(mail).toContain(`Conferma ordine #${body.ordine_id}`);
  });

  it.each([
    [[], /vuoto/],
    [[{ codice_prodotto: 'A1', quantita: 0 }], /Quantità non valida/],
    [[{ codice_prodotto: 'A1', quantita: -3 }], /Quantità non valida/],
    [[{ codice_prodotto: 'A1', quantita: 1.5 }], /Quantità non valida/],
    [[{ codice_prodotto: 'A1', quantita: 'due' }], /Quantità non valida/],
    [[{ codice_prodotto: 'NOPE', quantita: 1 }], /non trovati.*NOPE/],
    [[{ codice_prodotto: 'B2', quantita: 50 }], /Prodotto B2 non disponibile nella quantità richiesta. Massima disponibilità: \d+/],
  ])('refuses with status 1 and changes nothing: %j', async (items, msg) => {
    const count = (await t().database.db.select({ n: sql<number>`count(*)::int` }).from(ordini))[0]!.n;
    const res = await create(order(items as object[]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, msg: expect.stringMatching(msg) });
    expect((await t().database.db.select({ n: sql<number>`count(*)::int` }).from(ordini))[0]!.n).toBe(count);
  });

  it('answers 400 for malformed bodies', async () => {
    expect((await create({ ...SCOPE, carrelloItems: [] })).statusCode).toBe(400); // no utente_codice
    expect((await create(order('x' as unknown as object[]))).statusCode).toBe(400);
    expect((await create(order([]), { 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
  });

  it('refuses another user\'s or client\'s codes with 403 and no session with 401', async () => {
    expect((await create(order([{ codice_prodotto: 'A1', quantita: 1 }], { utente_codice: other }))).statusCode).toBe(403);
    expect((await create(order([{ codice_prodotto: 'A1', quantita: 1 }], { cliente_codice: '000200' }))).statusCode).toBe(403);
    expect((await create(order([{ codice_prodotto: 'A1', quantita: 1 }]), {}, cookieAltro)).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'POST', url: '/api/ordini/create', payload: order([]) })).statusCode).toBe(401);
  });

  it('is idempotent on the Idempotency-Key header', async () => {
    const before = await stock('A1');
    const key = 'ordine-abc-12345';
    const [a, b] = await Promise.all([
      create(order([{ codice_prodotto: 'A1', quantita: 1 }]), { 'idempotency-key': key }),
      create(order([{ codice_prodotto: 'A1', quantita: 1 }]), { 'idempotency-key': key }),
    ]);
    const c = await create(order([{ codice_prodotto: 'A1', quantita: 1 }]), { 'idempotency-key': key });
    expect(a.json().status).toBe(0);
    expect(b.json().ordine_id).toBe(a.json().ordine_id);
    expect(c.json().ordine_id).toBe(a.json().ordine_id);
    expect(await stock('A1')).toBe(before - 1);
  });

  it('never oversells: 20 concurrent orders on a stock of 7 sell exactly 7', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => create(order([{ codice_prodotto: 'SCARSO', quantita: 1 }]))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().status === 0)).toHaveLength(7);
    expect(results.filter((r) => r.json().status === 1)).toHaveLength(13);
    expect(await stock('SCARSO')).toBe(0);
    const sold = await t().database.db.execute<{ n: number }>(sql`SELECT coalesce(sum(qt), 0)::int AS n FROM ordini_righe WHERE codice_prodotto = 'SCARSO'`);
    expect(sold[0]!.n).toBe(7);
  });
});

describe('popularity', () => {
  it('counts each ordered line once, when the queue is folded in', async () => {
    const pop = async () => (await t().database.db.select({ p: prodotti.popolarita }).from(prodotti).where(eq(prodotti.codiceProdotto, 'A1')))[0]!.p;
    await applicaPopolarita(t().app);
    const before = await pop();
    await Promise.all([1, 2, 3].map(() => create(order([{ codice_prodotto: 'A1', quantita: 2 }]))));
    expect(await pop()).toBe(before); // the order itself leaves the indexed column alone
    await Promise.all([applicaPopolarita(t().app), applicaPopolarita(t().app)]);
    expect(await pop()).toBe(before + 3);
    expect(await applicaPopolarita(t().app)).toBe(0);
  });
});

describe('ordini/read and stats', () => {
  it('lists the user\'s orders with lines, newest first', async () => {
    const res = await t().app.inject({ url: `/api/ordini/read?utente_codice=${me}&azienda_codice=0001&cliente_codice=000100`, headers: { cookie } });
    const { ordini: list } = res.json();
    expect(list.length).toBeGreaterThan(2);
    expect(list[list.length - 1]).toMatchObject({ nome: 'Cantiere Via Roma', response_code: '201', totale: 22.25 });
    expect(list[list.length - 1].prodotti[0]).toEqual({ codice_prodotto: 'A1', prodotto_nome: 'Articolo uno', qt: 2, prezzo: 10, prezzo_reale: 9 });
  });

  it('refuses another user\'s orders (403) and answers the other user none of mine', async () => {
    const res = await t().app.inject({ url: `/api/ordini/read?utente_codice=${me}&azienda_codice=0001&cliente_codice=000100`, headers: { cookie: cookieAltro } });
    expect(res.statusCode).toBe(403);
    const own = await t().app.inject({ url: `/api/ordini/read?utente_codice=${other}&azienda_codice=0001&cliente_codice=000200`, headers: { cookie: cookieAltro } });
    expect(own.json()).toEqual({ ordini: [] });
    expect((await t().app.inject({ url: `/api/ordini/read?utente_codice=${me}`, headers: { cookie } })).statusCode).toBe(400);
  });

  it('answers monthly turnover for the client', async () => {
    const res = await t().app.inject({ url: '/api/ordini/statsByAziendaAndCliente?azienda_codice=0001&cliente_codice=000100', headers: { cookie } });
    const { totale_mensile } = res.json();
    const now = new Date();
    expect(totale_mensile).toEqual([{ anno: now.getUTCFullYear(), mese: now.getUTCMonth() + 1, importo_totale: expect.any(Number) }]);
    expect(totale_mensile[0].importo_totale).toBeGreaterThan(22);
    expect((await t().app.inject({ url: '/api/ordini/statsByAziendaAndCliente?azienda_codice=0001&cliente_codice=000100', headers: { cookie: cookieAltro } })).statusCode).toBe(403);
  });
});
