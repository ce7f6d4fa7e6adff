import { beforeAll, describe, expect, it } from 'vitest';
import { codiciCliente, prodottiCodici } from '../../../server/db/schema/index.js';
import type { OrdineRapidoRisolviResponse } from '../../../shared/ordine-rapido.js';
import { createAdmin, createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// One rule of visibility (issue 33, 6d; docs/decisions/visibilita-prodotto.md): a product under a
// category switched off is found by no code path once search and the price list leave it out:
// not by the quick order (any code kind, the client's own included), not added to the cart by it,
// and it takes no own code.
const t = useTestApp();
let cookie = '';
let clienteId = 0;
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };

const post = (path: string, payload: object) =>
  t().app.inject({ method: 'POST', url: `/api/${path}`, headers: { cookie }, payload: { ...SCOPE, ...payload } });
const risolvi = async (testo: string) => {
  const r = await post('ordine-rapido/risolvi', { testo });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as OrdineRapidoRisolviResponse).righe.map((x) => [x.codice, x.codice_prodotto, x.esito, x.messaggio]);
};
const prodotti = async (codici: string[]) => {
  const r = await post('ordine-rapido/prodotti', { codici });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { prodotti: { codice_prodotto: string }[] }).prodotti.map((p) => p.codice_prodotto);
};
const codiciDelCliente = () => t().database.sql<{ codice: string; codice_prodotto: string }[]>`
  SELECT cc.codice, p.codice_prodotto FROM codici_cliente cc JOIN prodotti p ON p.id = cc.prodotto_id
  WHERE cc.cliente_id = ${clienteId} ORDER BY p.codice_prodotto`;
const cerca = async (stringa: string) => {
  const r = await t().app.inject({
    url: `/api/search/prodotti?${new URLSearchParams({ cod_azienda: '0001', cod_cliente: '000100', stringa, start: '0', limit: '20' })}`, headers: { cookie },
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { prodotti: { codice_prodotto: string }[] }).prodotti.map((p) => p.codice_prodotto);
};

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  clienteId = c.id;
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  const ramo = await createCategoria(db, { codCat: 'RAMO', nome: 'Ramo' });
  const foglia = await createCategoria(db, { codCat: 'FOGLIA', nome: 'Foglia', parentId: ramo.id });
  const accesa = await createCategoria(db, { codCat: 'ACCESA', nome: 'Accesa' });
  const spento = await createProdotto(db, { codiceProdotto: 'SPENTO-1', descrizione1: 'Trapano nascosto', categoriaId: foglia.id, prezzi: { 1: '50.000' } });
  await createProdotto(db, { codiceProdotto: 'ACCESO-1', descrizione1: 'Trapano visibile', categoriaId: accesa.id, prezzi: { 1: '40.000' } });
  await db.insert(prodottiCodici).values({ prodottoId: spento.id, tipo: 'articolo', codice: 'ART-SPENTO' });
  // An own code given while the category was on.
  expect((await post('codici-cliente/salva', { codice_prodotto: 'SPENTO-1', codice: 'mio trapano' })).statusCode).toBe(200);
  expect(await risolvi('SPENTO-1 1\nART-SPENTO 1\nmio trapano 1')).toEqual([
    ['SPENTO-1', 'SPENTO-1', 'trovato', ''], ['ART-SPENTO', 'SPENTO-1', 'trovato', ''], ['mio trapano', 'SPENTO-1', 'trovato', ''],
  ]);
  // The admin switches the branch off (its sub-category's products go with it).
  const admin = await loginAdmin(t().app, await createAdmin(db));
  const spegni = await t().app.inject({ method: 'POST', url: '/api/categorie/toggle', headers: { cookie: admin }, payload: { cod_cat: 'RAMO' } });
  expect(spegni.json()).toMatchObject({ new_value: 1 });
});

describe('a product under a category switched off', () => {
  it('is left out by search, as before (the rule the quick order now follows)', async () => {
    expect(await cerca('trapano')).toEqual(['ACCESO-1']);
    expect(await cerca('SPENTO-1')).toEqual([]);
  });

  it('ordine-rapido/risolvi answers "not found" for it by every code: product, article, the client\'s own', async () => {
    expect(await risolvi('SPENTO-1 1\nART-SPENTO 2\nmio trapano 3\nACCESO-1 1')).toEqual([
      ['SPENTO-1', null, 'sconosciuto', 'Codice SPENTO-1 non trovato nel catalogo.'],
      ['ART-SPENTO', null, 'sconosciuto', 'Codice ART-SPENTO non trovato nel catalogo.'],
      ['mio trapano', null, 'sconosciuto', 'Codice mio trapano non trovato nel catalogo.'],
      ['ACCESO-1', 'ACCESO-1', 'trovato', ''],
    ]);
  });

  it('ordine-rapido/prodotti leaves it out of the products going to the cart', async () => {
    expect(await prodotti(['SPENTO-1', 'ACCESO-1'])).toEqual(['ACCESO-1']);
    expect(await prodotti(['SPENTO-1'])).toEqual([]);
  });

  it('codici-cliente/salva refuses it with an Italian 404 and changes nothing', async () => {
    const prima = await codiciDelCliente();
    expect(prima).toEqual([{ codice: 'mio trapano', codice_prodotto: 'SPENTO-1' }]);
    for (const codice of ['altro codice', 'mio trapano']) {
      const r = await post('codici-cliente/salva', { codice_prodotto: 'SPENTO-1', codice });
      expect(r.statusCode, r.body).toBe(404);
      expect(r.json()).toMatchObject({ code: 'non_trovato', msg: 'Prodotto SPENTO-1 non trovato.' });
    }
    expect(await codiciDelCliente()).toEqual(prima);
    expect(await t().database.db.select().from(codiciCliente)).toHaveLength(1);
    // A visible product still takes one.
    expect((await post('codici-cliente/salva', { codice_prodotto: 'ACCESO-1', codice: 'mio visibile' })).statusCode).toBe(200);
  });

  it('comes back everywhere when the category is switched on again', async () => {
    const admin = await loginAdmin(t().app, await createAdmin(t().database.db));
    await t().app.inject({ method: 'POST', url: '/api/categorie/toggle', headers: { cookie: admin }, payload: { cod_cat: 'RAMO' } });
    expect(await risolvi('mio trapano 1')).toEqual([['mio trapano', 'SPENTO-1', 'trovato', '']]);
    expect(await prodotti(['SPENTO-1'])).toEqual(['SPENTO-1']);
    expect(await cerca('SPENTO-1')).toEqual(['SPENTO-1']);
  });
});
