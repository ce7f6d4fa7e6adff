import { beforeAll, describe, expect, it } from 'vitest';
import { prezziSpeciali } from '../../../server/db/schema/index.js';
import { ordineRapidoProdottiResponse } from '../../../shared/ordine-rapido.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// ordine-rapido/prodotti: the whole products the page puts in the cart, in one call, priced for the client.
const t = useTestApp();
let cookie = '';
let cookieAltro = '';
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
  const vite = await createProdotto(db, { codiceProdotto: 'VITE-10', descrizione1: 'Vite 10 mm', prezzi: { 1: '2.000' }, disponibilita: 100 });
  await createProdotto(db, { codiceProdotto: 'TASS-6', descrizione1: 'Tassello 6', prezzi: { 1: '0.500' }, disponibilita: 3 });
  await createProdotto(db, { codiceProdotto: 'RITIRATO', descrizione1: 'Ritirato', status: 1 });
  await db.insert(prezziSpeciali).values({ clienteId: c.id, prodottoId: vite.id, prezzo: '1.250' });
});

const prodotti = (payload: object, c = cookie) =>
  t().app.inject({ method: 'POST', url: '/api/ordine-rapido/prodotti', headers: { cookie: c }, payload: { ...SCOPE, ...payload } });

describe('ordine-rapido/prodotti', () => {
  it('answers the whole products in the codes\' order, priced for the client, leaving out unknown and withdrawn ones', async () => {
    const r = await prodotti({ codici: ['TASS-6', 'NESSUNO', 'VITE-10', 'RITIRATO', 'TASS-6'] });
    expect(r.statusCode, r.body).toBe(200);
    const { prodotti: p } = ordineRapidoProdottiResponse.parse(r.json());
    expect(p.map((x) => x.codice_prodotto)).toEqual(['TASS-6', 'VITE-10']);
    expect(p[1]).toMatchObject({ titolo: 'Vite 10 mm', prezzo: 2, prezzo_reale: 1.25, disponibilita: 100, disponibilita_colore: 'verde' });
  });

  it('refuses an empty list with an Italian 400, another client\'s scope with 403 and no session with 401', async () => {
    const vuota = await prodotti({ codici: [] });
    expect(vuota.statusCode).toBe(400);
    expect(vuota.json()).toMatchObject({ msg: 'Dati non validi (campo codici): Nessun prodotto da aggiungere.' });
    expect((await prodotti({ codici: ['VITE-10'] }, cookieAltro)).statusCode).toBe(403);
    expect((await prodotti({ codici: ['VITE-10'] }, '')).statusCode).toBe(401);
  });
});
