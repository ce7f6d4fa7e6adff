import fs from 'node:fs';
import { eq, sql as dsql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giacenze, ordini, ordiniRighe, prezziSpeciali, prodotti } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createOrdine, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';
import { applicaPopolarita } from '../../../server/catalogo/popolarita.js';

const t = useTestApp();
let cookie = '';
let cookieAltro = '';
let cookieTerzo = '';
let me = '';
let other = '';
let terzo = { id: 0, codice: '' };
let clienteId = 0;
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  const u = await createUtente(db, { clienti: [c.id], username: 'mario@test.local' });
  const u2 = await createUtente(db, { clienti: [c2.id] });
  const c3 = await createCliente(db, { aziendaCodice: az.codice, codice: '000300' });
  const u3 = await createUtente(db, { clienti: [c3.id] });
  me = u.codice;
  other = u2.codice;
  terzo = { id: u3.id, codice: u3.codice };
  clienteId = c3.id;
  cookieTerzo = await loginCliente(t().app, u3, 'device-3');
  cookie = await loginCliente(t().app, u);
  cookieAltro = await loginCliente(t().app, u2, 'device-2');
  await createProdotto(db, { codiceProdotto: 'A1', descrizione1: 'Articolo uno', prezzi: { 1: '10.000' }, disponibilita: 100 });
  const b = await createProdotto(db, { codiceProdotto: 'B2', descrizione1: 'Articolo due', prezzi: { 1: '5.000' }, disponibilita: 3 });
  await createProdotto(db, { codiceProdotto: 'SCARSO', descrizione1: 'Tre più quattro in arrivo', prezzi: { 1: '1.000' }, disponibilita: 3, ordForn: 4 });
  await createProdotto(db, { codiceProdotto: 'ARRIVO', descrizione1: 'Tre più 17 in arrivo', prezzi: { 1: '2.000' }, disponibilita: 3, ordForn: 17 });
  await createProdotto(db, { codiceProdotto: 'ATTESO', descrizione1: 'Solo in arrivo', prezzi: { 1: '2.000' }, disponibilita: 0, ordForn: 17 });
  await db.insert(prezziSpeciali).values({ clienteId: c.id, prodottoId: b.id, prezzo: '4.250' });
});

const create = (payload: object, headers: Record<string, string> = {}, c = cookie) =>
  t().app.inject({ method: 'POST', url: '/api/ordini/create', payload, headers: { cookie: c, ...headers } });
const order = (items: object[], extra: object = {}) => ({ ...SCOPE, utente_codice: me, nome: 'Cantiere Via Roma', note: 'Consegna mattina', carrelloItems: items, ...extra });
const stock = async (code: string) =>
  (await t().database.db.select({ d: giacenze.disponibilita }).from(prodotti)
    .innerJoin(giacenze, eq(giacenze.prodottoId, prodotti.id)).where(eq(prodotti.codiceProdotto, code)))[0]!.d;
const onOrder = async (code: string) =>
  (await t().database.db.select({ o: giacenze.ordForn }).from(prodotti)
    .innerJoin(giacenze, eq(giacenze.prodottoId, prodotti.id)).where(eq(prodotti.codiceProdotto, code)))[0]!.o;
const mails = () => (fs.existsSync(t().config.mailDir) ? fs.readdirSync(t().config.mailDir).filter((f) => f.endsWith('.eml')) : []);
/** An .eml as text: quoted-printable soft breaks and bytes decoded. */
const decodeQp = (eml: string) => Buffer.from(
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1',
).toString('utf8');
/** The text of the confirmation mail of an order, once the outbox has written it. */
async function mailOf(ordineId: number): Promise<string> {
  const find = () => mails().map((f) => decodeQp(fs.readFileSync(`${t().config.mailDir}/${f}`, 'utf8')))
    .find((m) => m.includes(`Conferma ordine #${ordineId}\n`));
  // The mail is a job of the queue whose PDF is drawn in a low-priority thread: seconds on a busy machine.
  await expect.poll(find, { timeout: 15_000 }).toBeDefined();
  return find()!;
}

describe('ordini/check', () => {
  it('reports per line what can be promised: stock plus on order from the supplier', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/ordini/check', headers: { cookie },
      payload: { prodotti: [
        { codice_prodotto: 'A1', quantita: 5 }, { codice_prodotto: 'B2', quantita: 4 }, { codice_prodotto: 'ATTESO', quantita: 17 },
        { codice_prodotto: 'ARRIVO', quantita: 21 }, { codice_prodotto: 'NOPE', quantita: 1 },
      ] },
    });
    expect(res.json()).toEqual([
      { codice_prodotto: 'A1', disponibile: true, disponibilita: 100, quantita: 5, messaggio: '' },
      { codice_prodotto: 'B2', disponibile: false, disponibilita: 3, quantita: 4, messaggio: '' },
      { codice_prodotto: 'ATTESO', disponibile: true, disponibilita: 17, quantita: 17, messaggio: '' },
      { codice_prodotto: 'ARRIVO', disponibile: false, disponibilita: 20, quantita: 21, messaggio: '' },
      { codice_prodotto: 'NOPE', disponibile: false, disponibilita: 0, quantita: 1, messaggio: '' },
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
    // Where its confirmation mail goes, for the SPA to say (docs/regole/ordini.md#order-sent).
    expect(body).toEqual({ status: 0, msg: `Ordine #${body.ordine_id} inviato correttamente.`, ordine_id: expect.any(Number), conferma_a: 'mario@test.local', stato: 'confermato' });
    const [o] = await t().database.db.select().from(ordini).where(eq(ordini.id, body.ordine_id));
    expect(o).toMatchObject({ responseCode: '201', nome: 'Cantiere Via Roma', note: 'Consegna mattina', totale: '22.250', clienteCodice: '000100' });
    const righe = await t().database.db.select().from(ordiniRighe).where(eq(ordiniRighe.ordineId, body.ordine_id));
    expect(righe.map((r) => [r.codiceProdotto, r.qt, r.prezzo, r.prezzoReale, r.prodottoNome])).toEqual([
      ['A1', 2, '10.000', '9.000', 'Articolo uno'], ['B2', 1, '5.000', '4.250', 'Articolo due'],
    ]);
    expect(await stock('A1')).toBe(before - 2);
    const mail = await mailOf(body.ordine_id);
    expect(mail).toContain('mario@test.local');
    expect(mail).toContain('x2 (2 in consegna)');
    expect(mail).not.toContain('in arrivo dal fornitore');
    // The total with 2 decimals, as the attached PDF's 'Totale imponibile' (2 × 9,000 + 4,250).
    expect(mail).toContain('Totale: 22,25\u00a0€');
  });

  it('ships 3 from stock and backorders 7 of 10 with 3 in stock and 17 on order, and says so', async () => {
    const res = await create(order([{ codice_prodotto: 'ARRIVO', quantita: 10 }]));
    const body = res.json();
    expect(body).toMatchObject({ status: 0, ordine_id: expect.any(Number) });
    const righe = await t().database.db.select().from(ordiniRighe).where(eq(ordiniRighe.ordineId, body.ordine_id));
    expect(righe.map((r) => [r.codiceProdotto, r.qt, r.qtInConsegna, r.qtInArrivo])).toEqual([['ARRIVO', 10, 3, 7]]);
    expect([await stock('ARRIVO'), await onOrder('ARRIVO')]).toEqual([0, 10]);
    // The availability check now counts only what is left to promise.
    const check = await t().app.inject({ method: 'POST', url: '/api/ordini/check', headers: { cookie }, payload: { prodotti: [{ codice_prodotto: 'ARRIVO', quantita: 11 }] } });
    expect(check.json()).toEqual([{ codice_prodotto: 'ARRIVO', disponibile: false, disponibilita: 10, quantita: 11, messaggio: '' }]);
    const read = await t().app.inject({ url: `/api/ordini/read?utente_codice=${me}&azienda_codice=0001&cliente_codice=000100`, headers: { cookie } });
    expect(read.json().ordini[0]).toMatchObject({ id: body.ordine_id, prodotti: [{ codice_prodotto: 'ARRIVO', qt: 10, qt_in_consegna: 3, qt_in_arrivo: 7 }] });
    const mail = await mailOf(body.ordine_id);
    expect(mail).toContain('x10 (3 in consegna, 7 in arrivo dal fornitore)');
    expect(mail).toContain("Le quantità in arrivo dal fornitore verranno spedite all'arrivo della merce");
  });

  it('accepts a product with no stock that is on order from the supplier, all backordered', async () => {
    const res = await create(order([{ codice_prodotto: 'ATTESO', quantita: 5 }]));
    expect(res.json()).toMatchObject({ status: 0 });
    const righe = await t().database.db.select().from(ordiniRighe).where(eq(ordiniRighe.ordineId, res.json().ordine_id));
    expect(righe.map((r) => [r.qt, r.qtInConsegna, r.qtInArrivo])).toEqual([[5, 0, 5]]);
    expect([await stock('ATTESO'), await onOrder('ATTESO')]).toEqual([0, 12]);
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
    const count = (await t().database.db.select({ n: dsql<number>`count(*)::int` }).from(ordini))[0]!.n;
    const res = await create(order(items as object[]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, msg: expect.stringMatching(msg) });
    expect((await t().database.db.select({ n: dsql<number>`count(*)::int` }).from(ordini))[0]!.n).toBe(count);
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

  it('never promises more than stock plus on order: 20 concurrent orders on 3 in stock and 4 on order get exactly 7', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => create(order([{ codice_prodotto: 'SCARSO', quantita: 1 }]))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().status === 0)).toHaveLength(7);
    expect(results.filter((r) => r.json().status === 1)).toHaveLength(13);
    expect(results.find((r) => r.json().status === 1)!.json().msg).toBe('Prodotto SCARSO non disponibile nella quantità richiesta. Massima disponibilità: 0.');
    expect([await stock('SCARSO'), await onOrder('SCARSO')]).toEqual([0, 0]);
    const sold = await t().database.db.$client<{ n: number; consegna: number; arrivo: number }[]>`
      SELECT coalesce(sum(qt), 0)::int AS n, coalesce(sum(qt_in_consegna), 0)::int AS consegna, coalesce(sum(qt_in_arrivo), 0)::int AS arrivo
      FROM ordini_righe WHERE codice_prodotto = 'SCARSO'`;
    expect(sold[0]).toEqual({ n: 7, consegna: 3, arrivo: 4 });
  });
});

describe('ordini/create: the job-site reference (riferimento_cantiere)', () => {
  const conteggi = async () => (await t().database.sql<{ ordini: number; a1: number }[]>`
    SELECT (SELECT count(*)::int FROM ordini) AS ordini,
      (SELECT g.disponibilita FROM giacenze g JOIN prodotti p ON p.id = g.prodotto_id WHERE p.codice_prodotto = 'A1') AS a1`)[0]!;
  const letto = async (id: number) => {
    const read = await t().app.inject({ url: `/api/ordini/read?utente_codice=${me}&azienda_codice=0001&cliente_codice=000100`, headers: { cookie } });
    return (read.json().ordini as { id: number; riferimento_cantiere: string | null }[]).find((o) => o.id === id)!;
  };

  it('is stored trimmed, answered by ordini/read and told in the confirmation mail', async () => {
    // The limit counts the trimmed text: 60 characters between spaces.
    const rif = `  ${'Via Dante 12 – palazzina B '.padEnd(60, 'x')}  `;
    expect(rif.trim()).toHaveLength(60);
    const res = await create(order([{ codice_prodotto: 'A1', quantita: 1 }], { riferimento_cantiere: rif }));
    expect(res.json()).toMatchObject({ status: 0 });
    const id = res.json().ordine_id as number;
    const [o] = await t().database.db.select({ r: ordini.riferimentoCantiere }).from(ordini).where(eq(ordini.id, id));
    expect(o!.r).toBe(rif.trim());
    expect((await letto(id)).riferimento_cantiere).toBe(rif.trim());
    expect(await mailOf(id)).toContain(`Riferimento cantiere: ${rif.trim()}`);
  });

  it.each([[''], ['   '], [null], [undefined]])('is none (null) for %j', async (rif) => {
    const res = await create(order([{ codice_prodotto: 'A1', quantita: 1 }], { riferimento_cantiere: rif }));
    expect(res.json()).toMatchObject({ status: 0 });
    expect((await letto(res.json().ordine_id)).riferimento_cantiere).toBeNull();
  });

  it.each([
    ['x'.repeat(61), 'Riferimento cantiere troppo lungo (massimo 60 caratteri)'],
    [123, 'Riferimento cantiere: deve essere un testo'],
    [['Via Roma'], 'Riferimento cantiere: deve essere un testo'],
    ['Via\u0000Roma', 'contiene caratteri non ammessi'],
  ])('refuses %j with 400 and the message at its field, and creates nothing', async (rif, msg) => {
    const prima = await conteggi();
    const res = await create(order([{ codice_prodotto: 'A1', quantita: 1 }], { riferimento_cantiere: rif }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'dati_non_validi', campi: { riferimento_cantiere: msg } });
    expect(await conteggi()).toEqual(prima);
  });
});

describe('popularity', () => {
  it('counts each ordered line once, when the queue is folded in', async () => {
    const pop = async () => (await t().database.db.select({ p: prodotti.popolarita }).from(prodotti).where(eq(prodotti.codiceProdotto, 'A1')))[0]!.p;
    await applicaPopolarita(t().database.db);
    const before = await pop();
    await Promise.all([1, 2, 3].map(() => create(order([{ codice_prodotto: 'A1', quantita: 2 }]))));
    expect(await pop()).toBe(before); // the order itself leaves the indexed column alone
    await Promise.all([applicaPopolarita(t().database.db), applicaPopolarita(t().database.db)]);
    expect(await pop()).toBe(before + 3);
    expect(await applicaPopolarita(t().database.db)).toBe(0);
  });
});

describe('ordini/read and stats', () => {
  it('lists the user\'s orders with lines, newest first', async () => {
    const res = await t().app.inject({ url: `/api/ordini/read?utente_codice=${me}&azienda_codice=0001&cliente_codice=000100`, headers: { cookie } });
    const { ordini: list } = res.json();
    expect(list.length).toBeGreaterThan(2);
    expect(list[list.length - 1]).toMatchObject({ nome: 'Cantiere Via Roma', response_code: '201', totale: 22.25 });
    expect(list[list.length - 1].prodotti[0]).toEqual({
      codice_prodotto: 'A1', prodotto_nome: 'Articolo uno', qt: 2, qt_in_consegna: 2, qt_in_arrivo: 0, prezzo: 10, prezzo_reale: 9, sconti: '10',
      importo: 18, aliquota_iva: 22, multiplo: 1, minimo: 1,
    });
  });

  it('sorts by creation time, newest first, and by id among orders made at the same instant', async () => {
    const at = (iso: string) => new Date(iso);
    const base = { utenteId: terzo.id, clienteId, aziendaCodice: '0001', clienteCodice: '000300', utenteCodice: terzo.codice };
    // Ids on purpose not in time order: an imported older order gets a higher id.
    const ids = [];
    for (const createdAt of [at('2025-03-01T10:00:00Z'), at('2025-03-02T09:00:00Z'), at('2025-03-01T10:00:00Z'), at('2025-02-01T08:00:00Z')]) {
      ids.push((await createOrdine(t().database.db, { ...base, createdAt, righe: [] })).id);
    }
    const res = await t().app.inject({ url: `/api/ordini/read?utente_codice=${terzo.codice}&azienda_codice=0001&cliente_codice=000300`, headers: { cookie: cookieTerzo } });
    expect(res.json().ordini.map((o: { id: number }) => o.id)).toEqual([ids[1], ids[2], ids[0], ids[3]]);
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
