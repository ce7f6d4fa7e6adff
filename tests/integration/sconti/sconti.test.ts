import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordiniRighe, prezziSpeciali } from '../../../server/db/schema/index.js';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// Discount chains (docs/regole/catalogo.md#net-price) against real Postgres: the import kind sconti
// (refused rows with their lines, idempotency, dry run, threshold) and the net price each product
// answer gives for every precedence case: special price, product chain, family chain, the client's
// discount, the list price; the chain each answer names; the chain an order line keeps.
const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-sconti-'));
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };
const QS = 'cod_azienda=0001&cod_cliente=000100';
let cookie = '';
let cookieAltro = '';
let utenteCodice = '';
let catCod = '';

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  const u = await createUtente(db, { clienti: [c.id] });
  const u2 = await createUtente(db, { clienti: [c2.id] });
  utenteCodice = u.codice;
  cookie = await loginCliente(t().app, u);
  cookieAltro = await loginCliente(t().app, u2, 'device-2');
  const cat = await createCategoria(db, { codCat: 'SC01' });
  catCod = 'SC01';
  const p = { categoriaId: cat.id };
  // SPEC: a special price beats every chain; PROD: a product chain beats its family's; FAM: the family chain;
  // NOFAM: a family no chain names (the client's 10 %); SENZA: no family at all.
  const spec = await createProdotto(db, { ...p, codiceProdotto: 'SPEC', famigliaSconto: 'VITI', prezzi: { 1: '10.000' } });
  await createProdotto(db, { ...p, codiceProdotto: 'PROD', famigliaSconto: 'VITI', prezzi: { 1: '10.000' } });
  await createProdotto(db, { ...p, codiceProdotto: 'FAM', famigliaSconto: 'VITI', prezzi: { 1: '9.999' } });
  await createProdotto(db, { ...p, codiceProdotto: 'NOFAM', famigliaSconto: 'CAVI', prezzi: { 1: '10.000' } });
  await createProdotto(db, { ...p, codiceProdotto: 'SENZA', prezzi: { 1: '10.000' } });
  await db.insert(prezziSpeciali).values({ clienteId: c.id, prodottoId: spec.id, prezzo: '7.500' });
  await db.$client`SELECT refresh_search_vocab()`;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function csv(nome: string, righe: string[]): string {
  const file = path.join(dir, nome);
  fs.writeFileSync(file, `${righe.join('\r\n')}\r\n`);
  return file;
}
const importaSconti = (file: string, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, file, { tipo: 'sconti', file: path.basename(file), autore: { origine: 'cli', nome: 'test' }, ...o });
const catene = async () => (await t().database.sql<{ c: string; k: string; sconti: string; fattore: string }[]>`
  SELECT c.codice AS c, coalesce(p.codice_prodotto, 'fam:' || s.famiglia_sconto) AS k, s.sconti, s.fattore::text AS fattore
  FROM sconti_clienti s JOIN clienti c ON c.id = s.cliente_id LEFT JOIN prodotti p ON p.id = s.prodotto_id ORDER BY 1, 2`)
  .map((r) => `${r.c} ${r.k} ${r.sconti} ${r.fattore}`);

type Prezzo = { codice_prodotto: string; prezzo: number; prezzo_reale: number; sconti: string };
const prezzi = (ps: Prezzo[]) => Object.fromEntries(ps.map((p) => [p.codice_prodotto, [p.prezzo, p.prezzo_reale, p.sconti]]));
const get = async (url: string, c = cookie) => {
  const res = await t().app.inject({ url, headers: { cookie: c } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const categoria = async (c = cookie) => prezzi((await get(`/api/prodotti/categoriawithcustominfo?${QS.replace('000100', c === cookie ? '000100' : '000200')}&categoria_cod=${catCod}&start=0&limit=50`, c)).prodotti);

describe('import kind sconti', () => {
  it('imports family and product chains, refusing bad chains, unknown names and rows naming both, with their lines', async () => {
    const r = await importaSconti(csv('sconti.csv', [
      'azienda_codice;cliente_codice;famiglia_sconto;codice_prodotto;sconti',
      '0001;000100;VITI;;40+10+5',
      '0001;000100;;PROD;12,5+3.25',
      '0001;000100;;SPEC;50',
      '0001;000100;CAVI;;40+abc',
      '0001;000100;TUBI;;120',
      '0001;000100;RAME;;1+1+1+1+1+1+1',
      '0001;000100;OTTONE;;10+10+10+10+10+10',
      '0001;000900;VITI;;10',
      '0001;000100;;NON-ESISTE;10',
      '0001;000100;VITI;FAM;10',
      '0001;000100;;;10',
      '0001;000100;VITI;;30',
    ]), { soglia: 100 });
    expect(r).toMatchObject({ stato: 'applicata', righeLette: 12, nuove: 4, scartate: 8 });
    expect(r.errori.map((e) => [e.riga, e.colonna, e.valore, e.messaggio])).toEqual([
      [5, 'sconti', '40+abc', '"abc" non è uno sconto: scrivi gli sconti separati da +, per esempio 40+10+5 (da 0 a 100, al massimo 2 decimali).'],
      [6, 'sconti', '120', 'Lo sconto 120 supera 100.'],
      [7, 'sconti', '1+1+1+1+1+1+1', 'Troppi sconti: al massimo 6 in cascata (ce ne sono 7).'],
      [9, 'cliente_codice', '000900', 'cliente sconosciuto in questa azienda'],
      [10, 'codice_prodotto', 'NON-ESISTE', 'prodotto sconosciuto'],
      [11, 'codice_prodotto', 'FAM', 'la riga indica sia una famiglia di sconto sia un prodotto: una riga per ciascuno'],
      [12, 'codice_prodotto', undefined, 'manca la famiglia di sconto o il codice prodotto a cui applicare gli sconti'],
      [13, 'azienda_codice / cliente_codice / famiglia_sconto / codice_prodotto', '0001 / 000100 / VITI / ', 'ripetuto: già alla riga 2'],
    ]);
    expect(await catene()).toEqual([
      '000100 PROD 12,5+3,25 0.8465625', '000100 SPEC 50 0.5', '000100 fam:OTTONE 10+10+10+10+10+10 0.531441', '000100 fam:VITI 40+10+5 0.513',
    ]);
    // The same file again changes nothing.
    expect(await importaSconti(path.join(dir, 'sconti.csv'), { soglia: 100 })).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 0, invariate: 4 });
  });

  it('refuses the whole file above the threshold, and a dry run writes nothing', async () => {
    const prima = await catene();
    const r = await importaSconti(csv('sconti-2.csv', ['azienda_codice;cliente_codice;famiglia_sconto;sconti', '0001;000100;VITI;20', '0001;000100;CAVI;abc']));
    expect(r).toMatchObject({ stato: 'rifiutata', scartate: 1 });
    const p = await importaSconti(csv('sconti-3.csv', ['azienda_codice;cliente_codice;famiglia_sconto;sconti', '0001;000100;VITI;20']), { prova: true });
    expect(p).toMatchObject({ stato: 'verificata', modificate: 1 });
    expect(await catene()).toEqual(prima);
  });
});

describe('net price precedence', () => {
  it('prices every case in the category page, the product page and the search, and names the chain applied', async () => {
    const atteso = {
      SPEC: [10, 7.5, ''], // the special price, whatever the chains
      PROD: [10, 8.466, '12,5+3,25'], // 10 × 0.8465625 = 8.465625: the product's chain beats its family's
      FAM: [9.999, 5.129, '40+10+5'], // 9.999 × 0.513 = 5.129487
      NOFAM: [10, 9, '10'], // no chain for its family: the client's 10 %
      SENZA: [10, 9, '10'],
    };
    expect(await categoria()).toEqual(atteso);
    const d = await get(`/api/prodotti/details?${QS}&codice_prodotto=FAM`);
    // A discount, not a promotion (no flyer): no PROMO tag (docs/regole/catalogo.md#promo-new).
    expect(d.prodotto).toMatchObject({ prezzo: 9.999, prezzo_reale: 5.129, sconti: '40+10+5', promo: false });
    const s = await get(`/api/search/prodotti?${QS}&stringa=${encodeURIComponent('prodotto di prova')}&start=0&limit=50`);
    expect(prezzi(s.prodotti)).toEqual(atteso);
    // Another client without chains nor discount: list prices, no chain.
    expect(await categoria(cookieAltro)).toEqual({
      SPEC: [10, 10, ''], PROD: [10, 10, ''], FAM: [9.999, 9.999, ''], NOFAM: [10, 10, ''], SENZA: [10, 10, ''],
    });
  });

  it('falls back to the family chain, then the client discount, as chains are removed', async () => {
    await importaSconti(csv('sconti-4.csv', ['azienda_codice;cliente_codice;codice_prodotto;sconti', '0001;000100;PROD;']));
    expect((await categoria()).PROD).toEqual([10, 5.13, '40+10+5']);
    await importaSconti(csv('sconti-5.csv', ['azienda_codice;cliente_codice;famiglia_sconto;sconti', '0001;000100;VITI;']));
    expect((await categoria()).PROD).toEqual([10, 9, '10']);
    await importaSconti(csv('sconti-6.csv', ['azienda_codice;cliente_codice;famiglia_sconto;sconti', '0001;000100;VITI;40+10+5']));
    await importaSconti(csv('sconti-7.csv', ['azienda_codice;cliente_codice;codice_prodotto;sconti', '0001;000100;PROD;12,5+3,25']));
  });

  it('orders at the chain\'s price, keeps the chain on the line, and the quick order and the order\'s detail say it', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/ordini/create', headers: { cookie },
      payload: { ...SCOPE, utente_codice: utenteCodice, nome: 'Catene', carrelloItems: [
        { codice_prodotto: 'FAM', quantita: 2 }, { codice_prodotto: 'SPEC', quantita: 1 }, { codice_prodotto: 'NOFAM', quantita: 1 },
      ] },
    });
    const body = res.json();
    expect(body).toMatchObject({ status: 0, ordine_id: expect.any(Number) });
    const righe = await t().database.db.select().from(ordiniRighe).where(eq(ordiniRighe.ordineId, body.ordine_id));
    expect(righe.map((r) => [r.codiceProdotto, r.prezzo, r.prezzoReale, r.sconti]).sort()).toEqual([
      ['FAM', '9.999', '5.129', '40+10+5'], ['NOFAM', '10.000', '9.000', '10'], ['SPEC', '10.000', '7.500', ''],
    ]);
    const read = await get(`/api/ordini/read?utente_codice=${utenteCodice}&azienda_codice=0001&cliente_codice=000100`);
    expect(read.ordini[0].prodotti).toEqual(expect.arrayContaining([expect.objectContaining({ codice_prodotto: 'FAM', prezzo_reale: 5.129, sconti: '40+10+5' })]));
    const rapido = await t().app.inject({ method: 'POST', url: '/api/ordine-rapido/risolvi', headers: { cookie }, payload: { ...SCOPE, testo: 'PROD 3' } });
    expect(rapido.json().righe[0].prodotto).toMatchObject({ codice_prodotto: 'PROD', prezzo_reale: 8.466, sconti: '12,5+3,25' });
    const riordino = await get(`/api/ordini/anteprimaRiordino?${new URLSearchParams({ ...SCOPE, utente_codice: utenteCodice, ordine_id: String(body.ordine_id) })}`);
    expect(riordino.righe).toEqual(expect.arrayContaining([expect.objectContaining({ codice_prodotto: 'FAM', prezzo_attuale: 5.129, prezzo_cambiato: false })]));
  });
});

describe('articoli: discount family and pack columns', () => {
  it('sets famiglia_sconto, multiplo and minimo, refuses a multiple of 0 with its line, and the new family\'s chain applies', async () => {
    const r = await importa(t().database.db, csv('articoli.csv', [
      'codice_prodotto;descrizione1;famiglia_sconto;multiplo;minimo',
      'NOFAM;Cambia famiglia;VITI;6;12',
      'NUOVO-1;Nuovo a confezioni;;10;',
      'NUOVO-2;Multiplo sbagliato;;0;1',
    ]), { tipo: 'articoli', file: 'articoli.csv', autore: { origine: 'cli', nome: 'test' }, soglia: 50 });
    expect(r).toMatchObject({ stato: 'applicata', nuove: 1, modificate: 1, scartate: 1 });
    expect(r.errori.map((e) => [e.riga, e.colonna, e.valore])).toEqual([[4, 'multiplo', '0']]);
    const righe = await t().database.sql<{ codice_prodotto: string; famiglia_sconto: string | null; multiplo: number; minimo: number }[]>`
      SELECT codice_prodotto, famiglia_sconto, multiplo, minimo FROM prodotti WHERE codice_prodotto IN ('NOFAM', 'NUOVO-1') ORDER BY 1`;
    expect(righe).toEqual([
      { codice_prodotto: 'NOFAM', famiglia_sconto: 'VITI', multiplo: 6, minimo: 12 },
      { codice_prodotto: 'NUOVO-1', famiglia_sconto: null, multiplo: 10, minimo: 1 },
    ]);
    // The product answer carries the pack (its cached description forgotten by the import) and prices by VITI's chain now.
    const d = await get(`/api/prodotti/details?${QS}&codice_prodotto=NOFAM`);
    expect(d.prodotto).toMatchObject({ famiglia_sconto: 'VITI', multiplo: 6, minimo: 12, prezzo_reale: 5.13, sconti: '40+10+5' });
  });
});
