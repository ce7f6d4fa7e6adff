import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liste } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let cookie = '';
let cookieAltro = '';
let me = '';
let prodottoId = 0;
const S = () => `utente_codice=${me}&azienda_codice=0001&cliente_codice=000100`;
const get = (url: string, c = cookie) => t().app.inject({ url, headers: { cookie: c } });

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  const u = await createUtente(db, { clienti: [c.id] });
  me = u.codice;
  cookie = await loginCliente(t().app, u);
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
  prodottoId = (await createProdotto(db, { codiceProdotto: 'L1', prezzi: { 1: '3.000' } })).id;
});

describe('liste', () => {
  it('creates, reads, renames, fills and deletes a list', async () => {
    const created = await get(`/api/liste/create?${S()}&nome=${encodeURIComponent('  Cantiere Rossi ')}&descrizione=Ferramenta`);
    expect(created.json()).toEqual({ id: expect.any(Number), nome: 'Cantiere Rossi', descrizione: 'Ferramenta', prodotti: [] });
    const id = created.json().id;
    expect((await get(`/api/listaprodotti/adding?lista_id=${id}&prodotto_id=${prodottoId}`)).json())
      .toEqual({ status: 0, msg: 'Prodotto Assegnato alla lista correttamente' });
    const read = (await get(`/api/liste/read?${S()}`)).json();
    expect(read.liste).toEqual([expect.objectContaining({ id, nome: 'Cantiere Rossi' })]);
    expect(read.liste[0].prodotti).toEqual([expect.objectContaining({ prodotto_id: prodottoId, codice_prodotto: 'L1', prezzo: 3 })]);
    const renamed = await t().app.inject({ method: 'POST', url: '/api/liste/update', headers: { cookie }, payload: { lista_id: id, nome: 'Magazzino' } });
    expect(renamed.json().status).toBe(0);
    expect((await get(`/api/listaprodotti/remove?lista_id=${id}&prodotto_id=${prodottoId}`)).json().status).toBe(0);
    expect((await get(`/api/liste/read?${S()}`)).json().liste[0]).toMatchObject({ nome: 'Magazzino', prodotti: [] });
    expect((await get(`/api/liste/delete?lista_id=${id}`)).json().status).toBe(0);
    expect((await get(`/api/liste/read?${S()}`)).json().liste).toEqual([]);
  });

  it('refuses blank names', async () => {
    const res = await get(`/api/liste/create?${S()}&nome=%20%20`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch('Il nome della lista è obbligatorio');
    const l = (await get(`/api/liste/create?${S()}&nome=Tmp`)).json();
    expect((await get(`/api/liste/update?lista_id=${l.id}&nome=%20`)).json()).toEqual({ status: 1, msg: 'Il nuovo nome della lista è obbligatorio' });
  });

  it('answers 400 for malformed ids and 404 for unknown lists or products', async () => {
    expect((await get('/api/liste/delete?lista_id=abc')).statusCode).toBe(400);
    expect((await get('/api/liste/delete')).statusCode).toBe(400);
    expect((await get('/api/liste/delete?lista_id=999999')).statusCode).toBe(404);
    const l = (await get(`/api/liste/create?${S()}&nome=X`)).json();
    expect((await get(`/api/listaprodotti/adding?lista_id=${l.id}&prodotto_id=999999`)).statusCode).toBe(404);
  });

  it("protects another user's list: answered as a missing one (same status, code and msg), nothing changes", async () => {
    const l = (await get(`/api/liste/create?${S()}&nome=Mia`)).json();
    const risposta = async (url: string) => {
      const r = await get(url, cookieAltro);
      return [r.statusCode, r.json().code, r.json().msg];
    };
    for (const url of [
      (id: number) => `/api/liste/update?lista_id=${id}&nome=Rubata`, (id: number) => `/api/liste/delete?lista_id=${id}`,
      (id: number) => `/api/listaprodotti/adding?lista_id=${id}&prodotto_id=${prodottoId}`,
      (id: number) => `/api/listaprodotti/remove?lista_id=${id}&prodotto_id=${prodottoId}`,
    ]) {
      const altrui = await risposta(url(l.id));
      expect(altrui, url(l.id)).toEqual([404, 'non_trovato', 'Lista non trovata.']);
      expect(await risposta(url(999_999))).toEqual(altrui);
    }
    expect((await get(`/api/liste/read?${S()}`, cookieAltro)).statusCode).toBe(403);
    const [row] = await t().database.db.select().from(liste).where(eq(liste.id, l.id));
    expect(row?.nome).toBe('Mia');
  });

  it('carries the client\'s own code of each product, and only this client\'s', async () => {
    const l = (await get(`/api/liste/create?${S()}&nome=Codici`)).json();
    const altro = (await createProdotto(t().database.db, { codiceProdotto: 'L2' })).id;
    for (const id of [prodottoId, altro]) await get(`/api/listaprodotti/adding?lista_id=${l.id}&prodotto_id=${id}`);
    const salva = (payload: object, c: string) => t().app.inject({ method: 'POST', url: '/api/codici-cliente/salva', headers: { cookie: c }, payload });
    expect((await salva({ azienda_codice: '0001', cliente_codice: '000100', codice_prodotto: 'L1', codice: 'MIO-1' }, cookie)).statusCode).toBe(200);
    // Another client's code of the same product is not this client's.
    expect((await salva({ azienda_codice: '0001', cliente_codice: '000200', codice_prodotto: 'L2', codice: 'SUO-2' }, cookieAltro)).statusCode).toBe(200);
    const lista = (await get(`/api/liste/read?${S()}`)).json().liste.find((x: { id: number }) => x.id === l.id);
    expect(lista.prodotti.map((p: { codice_prodotto: string; codice_cliente: string | null }) => [p.codice_prodotto, p.codice_cliente]))
      .toEqual([['L1', 'MIO-1'], ['L2', null]]);
  });

  it('answers 401 without a session', async () => {
    expect((await t().app.inject({ url: `/api/liste/read?${S()}` })).statusCode).toBe(401);
  });
});
