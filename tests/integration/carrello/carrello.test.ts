import { eq, sql as dsql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITI_CARRELLO, MSG_CARRELLO } from '../../../shared/carrello-costanti.js';
import { carrelli, carrelliRighe, prodotti } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/** The cart kept on the server per user and client (docs/regole/ordini.md#cart). */
const t = useTestApp();
let cookie = '';
let cookieCollega = '';
let cookieAdmin = '';
let utente = { id: 0, codice: '' };
const PRIMO = { azienda_codice: '0001', cliente_codice: '000100' };
const SECONDO = { azienda_codice: '0002', cliente_codice: '000900' };
const ALTRO = { azienda_codice: '0001', cliente_codice: '000200' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const az2 = await createAzienda(db, { codice: '0002' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az2.codice, codice: '000900' });
  const altro = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  const u = await createUtente(db, { clienti: [c.id, c2.id] });
  utente = { id: u.id, codice: u.codice };
  cookie = await loginCliente(t().app, u);
  // A colleague of the first client's: the same client, a cart of their own.
  cookieCollega = await loginCliente(t().app, await createUtente(db, { clienti: [c.id, altro.id] }), 'device-2');
  cookieAdmin = await loginAdmin(t().app, await createAdmin(db));
  await createProdotto(db, { codiceProdotto: 'CA-1', descrizione1: 'Vite uno', prezzi: { 1: '10.000' } });
  await createProdotto(db, { codiceProdotto: 'CA-2', descrizione1: 'Vite due', prezzi: { 1: '2.500' } });
  await createProdotto(db, { codiceProdotto: 'CA-3', descrizione1: 'Vite tre', prezzi: { 1: '1.000' }, disponibilita: 2 });
  await createProdotto(db, { codiceProdotto: 'CA-VIA', descrizione1: 'Ritirato', prezzi: { 1: '1.000' }, deletedAt: new Date() });
});

const post = (call: string, payload: object, c = cookie) =>
  t().app.inject({ method: 'POST', url: `/api/carrello/${call}`, payload, headers: { cookie: c } });
const leggi = async (scope: object = PRIMO, c = cookie) => {
  const r = await t().app.inject({ url: `/api/carrello/leggi?${new URLSearchParams(scope as Record<string, string>)}`, headers: { cookie: c } });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { righe: { codice_prodotto: string; quantita: number; prezzo_reale: number; titolo: string }[] }).righe;
};
const righe = (rr: { codice_prodotto: string; quantita: number }[]) => rr.map((r) => [r.codice_prodotto, r.quantita]);
const salva = (rr: [string, number][], scope: object = PRIMO, c = cookie) =>
  post('salva', { ...scope, righe: rr.map(([codice_prodotto, quantita]) => ({ codice_prodotto, quantita })) }, c);
const unisci = (rr: [string, number][], scope: object = PRIMO, c = cookie) =>
  post('unisci', { ...scope, righe: rr.map(([codice_prodotto, quantita]) => ({ codice_prodotto, quantita })) }, c);

describe('carrello/leggi, salva, unisci, svuota', () => {
  it('keeps the lines in their order with the products priced for the client now; the same request twice leaves the same cart', async () => {
    expect(await leggi()).toEqual([]);
    const r = await salva([['CA-2', 4], ['CA-1', 2]]);
    expect(r.statusCode, r.body).toBe(200);
    expect(righe(r.json().righe)).toEqual([['CA-2', 4], ['CA-1', 2]]);
    // Net price of the client (list 1 less 10 %), the title as the catalogue reads it.
    expect(r.json().righe[1]).toMatchObject({ codice_prodotto: 'CA-1', titolo: 'Vite uno', prezzo: 10, prezzo_reale: 9 });
    expect(righe(await leggi())).toEqual([['CA-2', 4], ['CA-1', 2]]);
    // Absolute quantities: sent again, nothing doubles.
    await salva([['CA-2', 4], ['CA-1', 2]]);
    expect(righe(await leggi())).toEqual([['CA-2', 4], ['CA-1', 2]]);
    // A line removed, a quantity changed.
    await salva([['CA-1', 7]]);
    expect(righe(await leggi())).toEqual([['CA-1', 7]]);
  });

  it('unisci adds the lines the cart lacks (after its own) and keeps the larger quantity of a product in both; twice is once', async () => {
    await salva([['CA-1', 7], ['CA-2', 1]]);
    const r = await unisci([['CA-2', 5], ['CA-3', 1], ['CA-1', 3]]);
    expect(r.statusCode, r.body).toBe(200);
    expect(righe(r.json().righe)).toEqual([['CA-1', 7], ['CA-2', 5], ['CA-3', 1]]);
    await unisci([['CA-2', 5], ['CA-3', 1], ['CA-1', 3]]);
    expect(righe(await leggi())).toEqual([['CA-1', 7], ['CA-2', 5], ['CA-3', 1]]);
  });

  it('the same change sent twice at once (a retry beside the first try) leaves one cart, nothing doubled', async () => {
    await post('svuota', PRIMO);
    const insieme = await Promise.all([unisci([['CA-1', 3], ['CA-2', 2]]), unisci([['CA-1', 3], ['CA-2', 2]])]);
    expect(insieme.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(righe(await leggi())).toEqual([['CA-1', 3], ['CA-2', 2]]);
    const salvati = await Promise.all([salva([['CA-2', 6]]), salva([['CA-2', 6]])]);
    expect(salvati.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(righe(await leggi())).toEqual([['CA-2', 6]]);
  });

  it('svuota empties it, and so does salva with no lines', async () => {
    await salva([['CA-1', 1]]);
    const r = await post('svuota', PRIMO);
    expect(r.json()).toEqual({ righe: [] });
    expect(await leggi()).toEqual([]);
    await salva([['CA-1', 1]]);
    expect((await salva([])).json()).toEqual({ righe: [] });
    expect(await leggi()).toEqual([]);
  });

  it("one cart per user and client: the user's two clients, and a colleague of the same client, each have their own", async () => {
    await salva([['CA-1', 1]]);
    await salva([['CA-2', 2]], SECONDO);
    await salva([['CA-3', 2]], PRIMO, cookieCollega);
    expect(righe(await leggi())).toEqual([['CA-1', 1]]);
    expect(righe(await leggi(SECONDO))).toEqual([['CA-2', 2]]);
    expect(righe(await leggi(PRIMO, cookieCollega))).toEqual([['CA-3', 2]]);
  });

  it('a product withdrawn after it was added is left out of the answer', async () => {
    const { db } = t().database;
    await salva([['CA-1', 1], ['CA-2', 2]]);
    await db.update(prodotti).set({ status: 1 }).where(eq(prodotti.codiceProdotto, 'CA-2'));
    try {
      expect(righe(await leggi())).toEqual([['CA-1', 1]]);
    } finally {
      await db.update(prodotti).set({ status: 0 }).where(eq(prodotti.codiceProdotto, 'CA-2'));
    }
  });
});

describe('carrello: bad input is refused in Italian and changes nothing', () => {
  const refusals: [string, object, RegExp][] = [
    ['quantità zero', { ...PRIMO, righe: [{ codice_prodotto: 'CA-1', quantita: 0 }] }, /La quantità deve essere un numero intero da 1 a 1\.000\.000/],
    ['quantità negativa', { ...PRIMO, righe: [{ codice_prodotto: 'CA-1', quantita: -3 }] }, /La quantità deve essere/],
    ['quantità decimale', { ...PRIMO, righe: [{ codice_prodotto: 'CA-1', quantita: 1.5 }] }, /La quantità deve essere/],
    ['quantità testo', { ...PRIMO, righe: [{ codice_prodotto: 'CA-1', quantita: 'dieci' }] }, /La quantità deve essere/],
    ['quantità oltre il limite', { ...PRIMO, righe: [{ codice_prodotto: 'CA-1', quantita: LIMITI_CARRELLO.quantita + 1 }] }, /La quantità deve essere/],
    ['prodotto ripetuto', { ...PRIMO, righe: [{ codice_prodotto: 'CA-1', quantita: 1 }, { codice_prodotto: 'CA-1', quantita: 2 }] }, /Il prodotto CA-1 compare più di una volta/],
    ['troppe righe', { ...PRIMO, righe: Array.from({ length: LIMITI_CARRELLO.righe + 1 }, (_, i) => ({ codice_prodotto: `X-${i}`, quantita: 1 })) }, new RegExp(MSG_CARRELLO.troppeRighe)],
    ['righe mancanti', { ...PRIMO }, /.+/],
    ['codice mancante', { ...PRIMO, righe: [{ quantita: 1 }] }, /.+/],
    ['cliente mancante', { azienda_codice: '0001', righe: [] }, /.+/],
  ];

  it.each(refusals)('%s: 400 with its message', async (_, payload, msg) => {
    await salva([['CA-1', 3]]);
    for (const call of ['salva', 'unisci']) {
      const r = await post(call, payload);
      expect(r.statusCode, `${call}: ${r.body}`).toBe(400);
      expect(r.json()).toMatchObject({ code: 'dati_non_validi', msg: expect.stringMatching(msg) });
    }
    expect(righe(await leggi())).toEqual([['CA-1', 3]]);
  });

  it('a code of no product on sale (unknown or withdrawn): 400 naming it, the cart as it was', async () => {
    await salva([['CA-1', 3]]);
    for (const call of ['salva', 'unisci']) {
      const r = await post(call, { ...PRIMO, righe: [{ codice_prodotto: 'CA-2', quantita: 1 }, { codice_prodotto: 'NON-ESISTE', quantita: 1 }, { codice_prodotto: 'CA-VIA', quantita: 1 }] });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(MSG_CARRELLO.sconosciuti(['NON-ESISTE', 'CA-VIA']));
    }
    expect(righe(await leggi())).toEqual([['CA-1', 3]]);
  });

  it('a merge that would pass the limit of lines: 400, nothing merged', async () => {
    const { db } = t().database;
    const codici = Array.from({ length: LIMITI_CARRELLO.righe }, (_, i) => `LIM-${i}`);
    const [uno] = await db.select().from(prodotti).where(eq(prodotti.codiceProdotto, 'CA-1'));
    await db.insert(prodotti).values(codici.map((c) => ({ codiceProdotto: c, descrizione1: c, categoriaId: uno!.categoriaId, brandCodice: '000' })));
    try {
      const tutte = codici.map((c): [string, number] => [c, 1]);
      expect((await salva(tutte)).statusCode).toBe(200);
      const r = await unisci([['CA-1', 1]]);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(MSG_CARRELLO.troppeRighe);
      expect((await leggi()).length).toBe(LIMITI_CARRELLO.righe);
      // The same lines again fit: a merge of products already there adds none.
      expect((await unisci([[codici[0]!, 4]])).statusCode).toBe(200);
    } finally {
      await post('svuota', PRIMO);
      await db.delete(prodotti).where(dsql`${prodotti.codiceProdotto} LIKE 'LIM-%'`);
    }
  });
});

describe('carrello: who may call', () => {
  it('401 without a session, before the input is read', async () => {
    for (const call of ['salva', 'unisci', 'svuota']) {
      const r = await t().app.inject({ method: 'POST', url: `/api/carrello/${call}`, payload: { righe: 'non valido' } });
      expect(r.statusCode, call).toBe(401);
    }
    expect((await t().app.inject({ url: '/api/carrello/leggi' })).statusCode).toBe(401);
  });

  it("403 for another client's codes, 401 for a staff session (customer calls: contratti.test.ts); that client's cart is untouched", async () => {
    await salva([['CA-2', 6]], ALTRO, cookieCollega);
    for (const [call, payload] of [['salva', { ...ALTRO, righe: [{ codice_prodotto: 'CA-1', quantita: 1 }] }], ['unisci', { ...ALTRO, righe: [] }], ['svuota', ALTRO]] as const) {
      expect((await post(call, payload)).statusCode, call).toBe(403);
      expect((await post(call, payload, cookieAdmin)).statusCode, `${call} admin`).toBe(401);
    }
    expect((await t().app.inject({ url: `/api/carrello/leggi?${new URLSearchParams(ALTRO)}`, headers: { cookie } })).statusCode).toBe(403);
    expect(righe(await leggi(ALTRO, cookieCollega))).toEqual([['CA-2', 6]]);
  });
});

describe('an order empties the cart it came from, in the same transaction', () => {
  const ordina = (items: [string, number][], scope = PRIMO) => t().app.inject({
    method: 'POST', url: '/api/ordini/create', headers: { cookie },
    payload: { ...scope, utente_codice: utente.codice, carrelloItems: items.map(([codice_prodotto, quantita]) => ({ codice_prodotto, quantita })) },
  });

  it("a confirmed order empties the user's cart for that client only; a refused one leaves it", async () => {
    await salva([['CA-1', 2], ['CA-3', 5]]);
    await salva([['CA-2', 1]], SECONDO);
    // CA-3 has 2 in stock: refused, the cart as it was.
    const rifiutato = await ordina([['CA-1', 2], ['CA-3', 5]]);
    expect(rifiutato.json().status).toBe(1);
    expect(righe(await leggi())).toEqual([['CA-1', 2], ['CA-3', 5]]);
    await salva([['CA-1', 2], ['CA-3', 2]]);
    const ok = await ordina([['CA-1', 2], ['CA-3', 2]]);
    expect(ok.json(), ok.body).toMatchObject({ status: 0 });
    expect(await leggi()).toEqual([]);
    expect(righe(await leggi(SECONDO))).toEqual([['CA-2', 1]]);
    const { db } = t().database;
    const rimasti = await db.select({ id: carrelli.id }).from(carrelli).where(eq(carrelli.utenteId, utente.id));
    expect(rimasti).toHaveLength(1);
    expect(await db.select().from(carrelliRighe).where(eq(carrelliRighe.carrelloId, rimasti[0]!.id))).toHaveLength(1);
  });
});
