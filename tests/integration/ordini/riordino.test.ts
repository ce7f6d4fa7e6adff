import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giacenze, prezziSpeciali, prodotti } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createOrdine, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

/** ordini/anteprimaRiordino: an old order's lines against today (docs/regole/ordini.md#reorder). */
const t = useTestApp();
let cookie = '';
let scope = { azienda_codice: '0001', cliente_codice: '000100', utente_codice: '' };
let mio = 0;
let delCollega = 0;
let dellAltroCliente = 0;

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: '0001', codice: '000100', sconto: '10' });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: '000200' });
  // An Operatore: their own orders only (docs/regole/organizzazione.md).
  const u = await createUtente(db, { clienti: [a.id, b.id], collegamento: { ruolo: 'operatore' } });
  const collega = await createUtente(db, { clienti: [a.id] });
  scope = { ...scope, utente_codice: u.codice };
  cookie = await loginCliente(t().app, u);
  // Net price today for client a: list 1 less 10 %, or its special price.
  const stabile = await createProdotto(db, { codiceProdotto: 'STABILE', prezzi: { 1: '10.000' }, disponibilita: 50 });
  const rincarato = await createProdotto(db, { codiceProdotto: 'RINCARO', prezzi: { 1: '20.000' }, disponibilita: 50 });
  const speciale = await createProdotto(db, { codiceProdotto: 'SPECIALE', prezzi: { 1: '20.000' }, disponibilita: 50 });
  await db.insert(prezziSpeciali).values({ clienteId: a.id, prodottoId: speciale.id, prezzo: '7.500' });
  const scarso = await createProdotto(db, { codiceProdotto: 'SCARSO', prezzi: { 1: '10.000' }, disponibilita: 2, ordForn: 1 });
  const atteso = await createProdotto(db, { codiceProdotto: 'ATTESO', prezzi: { 1: '10.000' }, disponibilita: 0, ordForn: 9 });
  const esaurito = await createProdotto(db, { codiceProdotto: 'ESAURITO', prezzi: { 1: '10.000' }, disponibilita: 0, ordForn: 0 });
  const fuori = await createProdotto(db, { codiceProdotto: 'FUORI', prezzi: { 1: '10.000' }, disponibilita: 50 });
  await db.update(prodotti).set({ status: 1 }).where(eq(prodotti.id, fuori.id));
  const ordine = async (utenteId: number, c: { id: number; codice: string }, righe: [string, number | null, number, string][]) => {
    const o = await createOrdine(db, {
      utenteId, clienteId: c.id, aziendaCodice: '0001', clienteCodice: c.codice, utenteCodice: 'x', totale: '1',
      righe: righe.map(([codice, prodottoId, qt, prezzo]) => ({ prodottoId, codiceProdotto: codice, prodottoNome: `Nome ${codice}`, qt, prezzo })),
    });
    return o.id;
  };
  mio = await ordine(u.id, a, [
    ['STABILE', stabile.id, 3, '9.000'], ['RINCARO', rincarato.id, 1, '16.000'], ['SPECIALE', speciale.id, 2, '8.000'],
    ['SCARSO', scarso.id, 4, '9.000'], ['ATTESO', atteso.id, 5, '9.000'], ['ESAURITO', esaurito.id, 1, '9.000'],
    ['FUORI', fuori.id, 1, '9.000'], ['SPARITO', null, 2, '3.000'],
  ]);
  delCollega = await ordine(collega.id, a, [['STABILE', stabile.id, 1, '9.000']]);
  dellAltroCliente = await ordine(u.id, b, [['STABILE', stabile.id, 1, '10.000']]);
});

const anteprima = (ordineId: number | string, s: Record<string, string> = scope, c = cookie) =>
  t().app.inject({ method: 'GET', url: `/api/ordini/anteprimaRiordino?${new URLSearchParams({ ...s, ordine_id: String(ordineId) })}`, headers: c ? { cookie: c } : {} });

describe('ordini/anteprimaRiordino', () => {
  it('says per line: price changed (old → new), not available now (colour as the cart), withdrawn', async () => {
    const res = await anteprima(mio);
    expect(res.statusCode, res.body).toBe(200);
    const riga = (codice: string) => ({ codice_prodotto: codice, prodotto_nome: `Nome ${codice}` });
    expect(res.json()).toEqual({ ordine_id: mio, righe: [
      { ...riga('STABILE'), qt: 3, prezzo_ordine: 9, prezzo_attuale: 9, prezzo_cambiato: false, ritirato: false,
        disponibilita: 50, disponibilita_colore: 'verde', disponibile: true },
      { ...riga('RINCARO'), qt: 1, prezzo_ordine: 16, prezzo_attuale: 18, prezzo_cambiato: true, ritirato: false,
        disponibilita: 50, disponibilita_colore: 'verde', disponibile: true },
      { ...riga('SPECIALE'), qt: 2, prezzo_ordine: 8, prezzo_attuale: 7.5, prezzo_cambiato: true, ritirato: false,
        disponibilita: 50, disponibilita_colore: 'verde', disponibile: true },
      { ...riga('SCARSO'), qt: 4, prezzo_ordine: 9, prezzo_attuale: 9, prezzo_cambiato: false, ritirato: false,
        disponibilita: 3, disponibilita_colore: 'verde', disponibile: false },
      { ...riga('ATTESO'), qt: 5, prezzo_ordine: 9, prezzo_attuale: 9, prezzo_cambiato: false, ritirato: false,
        disponibilita: 9, disponibilita_colore: 'giallo', disponibile: true },
      { ...riga('ESAURITO'), qt: 1, prezzo_ordine: 9, prezzo_attuale: 9, prezzo_cambiato: false, ritirato: false,
        disponibilita: 0, disponibilita_colore: 'rosso', disponibile: false },
      { ...riga('FUORI'), qt: 1, prezzo_ordine: 9, prezzo_attuale: null, prezzo_cambiato: false, ritirato: true,
        disponibilita: 0, disponibilita_colore: 'rosso', disponibile: false },
      { ...riga('SPARITO'), qt: 2, prezzo_ordine: 3, prezzo_attuale: null, prezzo_cambiato: false, ritirato: true,
        disponibilita: 0, disponibilita_colore: 'rosso', disponibile: false },
    ] });
  });

  it('answers an order of another client or another user as one that does not exist (404, same code and msg) and changes nothing', async () => {
    const prima = await t().database.db.select().from(giacenze);
    const nessuno = await anteprima(999_999);
    expect([nessuno.statusCode, nessuno.json().code, nessuno.json().msg]).toEqual([404, 'non_trovato', 'Ordine non trovato.']);
    for (const id of [dellAltroCliente, delCollega]) {
      const res = await anteprima(id);
      expect([res.statusCode, res.json().code, res.json().msg]).toEqual([404, 'non_trovato', 'Ordine non trovato.']);
      expect(res.body).not.toMatch(/STABILE/);
    }
    // The order of client b, asked in client b's scope, is the user's own.
    expect((await anteprima(dellAltroCliente, { ...scope, cliente_codice: '000200' })).statusCode).toBe(200);
    expect(await t().database.db.select().from(giacenze)).toEqual(prima);
  });

  it('400 for a malformed id, 401 without a session, 403 for codes not the user\'s', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) expect((await anteprima(id)).json()).toMatchObject({ code: 'dati_non_validi', msg: expect.stringMatching(/Ordine non valido/) });
    expect((await anteprima(mio, scope, '')).statusCode).toBe(401);
    expect((await anteprima(mio, { ...scope, cliente_codice: '000999' })).statusCode).toBe(403);
  });
});
