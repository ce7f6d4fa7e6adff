import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eanCheckDigit } from '../../../seed/catalog-generator.js';
import type { TipoImport } from '../../../server/import/definizione.js';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-'));
let cookie = '';
let utenteCodice = '';
const SCOPE = 'cod_azienda=0001&cod_cliente=000100';

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001', ragioneSociale: 'Ferramenta Ingrosso S.p.A.' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi S.n.c.' });
  const u = await createUtente(db, { clienti: [c.id] });
  utenteCodice = u.codice;
  cookie = await loginCliente(t().app, u);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ean = (dodici: string) => dodici + eanCheckDigit(dodici);
const EAN1 = ean('800123456789');
const EAN2 = ean('800123456790');

/** A CSV file of these lines (CRLF, as Windows ERPs write them), in `codifica`. */
function csv(nome: string, righe: string[], codifica: BufferEncoding = 'utf8'): string {
  const file = path.join(dir, nome);
  fs.writeFileSync(file, Buffer.from(`${righe.join('\r\n')}\r\n`, codifica));
  return file;
}

/** An XLSX file whose first sheet holds these rows (written with exceljs, as Excel would). */
async function xlsx(nome: string, righe: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Foglio1');
  for (const r of righe) ws.addRow(r);
  const file = path.join(dir, nome);
  await wb.xlsx.writeFile(file);
  return file;
}

const importaFile = (file: string, tipo: TipoImport, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, file, { tipo, file: path.basename(file), autore: { origine: 'cli', nome: 'test' }, ...o });

const get = async (url: string) => {
  const res = await t().app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const cerca = async (stringa: string): Promise<string[]> =>
  (await get(`/api/search/prodotti?${SCOPE}&stringa=${encodeURIComponent(stringa)}&start=0&limit=50`)).prodotti.map((p: { codice_prodotto: string }) => p.codice_prodotto);
const categoria = async (cod: string): Promise<string[]> =>
  (await get(`/api/prodotti/categoriawithcustominfo?${SCOPE}&categoria_cod=${cod}&start=0&limit=50`)).prodotti
    .map((p: { codice_prodotto: string }) => p.codice_prodotto).sort();
const prodotto = async (codice: string) => (await t().database.sql<{
  id: number; descrizione1: string; updated_at: string; deleted_at: string | null; brand_codice: string; brand_nome: string;
  categoria: string | null; iva_aliquota: string; pz_conf: number; disponibilita: number; ord_forn: number; giac_attuale: number;
}[]>`
  SELECT p.id, p.descrizione1, p.updated_at, p.deleted_at, p.brand_codice, p.brand_nome, c.cod_cat AS categoria, p.iva_aliquota, p.pz_conf,
    g.disponibilita, g.ord_forn, g.giac_attuale
  FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id LEFT JOIN categorie c ON c.id = p.categoria_id
  WHERE p.codice_prodotto = ${codice}`)[0];
const codici = async (codice: string) => (await t().database.sql<{ tipo: string; codice: string }[]>`
  SELECT pc.tipo, pc.codice FROM prodotti_codici pc JOIN prodotti p ON p.id = pc.prodotto_id
  WHERE p.codice_prodotto = ${codice} AND pc.tipo IN ('ean', 'fornitore', 'articolo') ORDER BY pc.id`).map((r) => `${r.tipo}:${r.codice}`);

const INTESTAZIONE_ARTICOLI = 'codice_prodotto;descrizione1;descrizione2;famiglia_id;famiglia;sottofamiglia_id;sottofamiglia;brand_codice;brand_descrizione;um;pz_conf;iva_aliquota;ean;codice_fornitore;note';
const ARTICOLI = [
  INTESTAZIONE_ARTICOLI,
  `IM-0001;Cacciavite a croce PH2 Forlì;Lama cromo-vanadio;01;Utensileria manuale;0101;Cacciaviti;004;Beta Utensili;PZ;1;22,00;${EAN1};BE1234|BE1234/B;interna`,
  'IM-0002;Rivettatrice pneumatica professionale;;02;Elettroutensili;0201;Trapani e avvitatori;001;Bosch;PZ;1;22;;;',
  `IM-0003;"Tassello nylon 8x40; conf. 100 pz";Per mattone pieno;03;Ferramenta;0302;Tasselli;007;Fischer;CF;100;10,5;${EAN2};FI-50;`,
];

describe('articoli', () => {
  it('imports a Windows-1252 CSV with ; and decimal comma: products, their category tree, brands and codes', async () => {
    const r = await importaFile(csv('articoli.csv', ARTICOLI, 'latin1'), 'articoli');
    expect(r).toMatchObject({
      stato: 'applicata', righeLette: 3, nuove: 3, modificate: 0, invariate: 0, ritirate: 0, scartate: 0, errori: [],
      colonneIgnorate: ['note'], formato: { formato: 'csv', separatore: ';', codifica: 'windows-1252' },
    });
    expect(await prodotto('IM-0001')).toMatchObject({
      descrizione1: 'Cacciavite a croce PH2 Forlì', brand_codice: '004', brand_nome: 'Beta Utensili', categoria: '0101', iva_aliquota: '22.00',
    });
    expect(await prodotto('IM-0003')).toMatchObject({ descrizione1: 'Tassello nylon 8x40; conf. 100 pz', pz_conf: 100, iva_aliquota: '10.50' });
    // Each new product has its stock row (prodotti_giacenze_trg), empty until a giacenze file.
    expect(await prodotto('IM-0002')).toMatchObject({ disponibilita: 0, ord_forn: 0, giac_attuale: 0 });
    expect(await codici('IM-0001')).toEqual([`ean:${EAN1}`, 'fornitore:BE1234', 'fornitore:BE1234/B']);
    const tree = await t().database.sql<{ cod_cat: string; nome: string; livello: number; padre: string | null }[]>`
      SELECT c.cod_cat, c.nome, c.livello, p.cod_cat AS padre FROM categorie c LEFT JOIN categorie p ON p.id = c.parent_id ORDER BY c.cod_cat`;
    expect(tree.map((c) => [c.cod_cat, c.nome, c.livello, c.padre])).toEqual([
      ['01', 'Utensileria manuale', 0, null], ['0101', 'Cacciaviti', 1, '01'], ['02', 'Elettroutensili', 0, null],
      ['0201', 'Trapani e avvitatori', 1, '02'], ['03', 'Ferramenta', 0, null], ['0302', 'Tasselli', 1, '03'],
    ]);
    // Customers see them at once: category pages (with the branch above) and search, prefixes
    // included (the vocabulary learnt the new words).
    expect(await categoria('01')).toEqual(['IM-0001']);
    expect(await cerca('rivettat')).toEqual(['IM-0002']);
    expect(await cerca(EAN2)).toEqual(['IM-0003']);
  });

  it('imports the same file again writing nothing', async () => {
    const prima = await prodotto('IM-0001');
    const codiciPrima = await t().database.sql`SELECT id FROM prodotti_codici ORDER BY id`;
    const r = await importaFile(path.join(dir, 'articoli.csv'), 'articoli');
    expect(r).toMatchObject({ stato: 'applicata', righeLette: 3, nuove: 0, modificate: 0, invariate: 3, scartate: 0 });
    expect((await prodotto('IM-0001')).updated_at).toEqual(prima.updated_at);
    expect(await t().database.sql`SELECT id FROM prodotti_codici ORDER BY id`).toEqual(codiciPrima);
  });

  it('changes only the product whose row changed (XLSX, numbers as numbers), and the server forgets its cached description', async () => {
    const prima = await Promise.all(['IM-0001', 'IM-0002', 'IM-0003'].map(prodotto));
    const titolo = async () => (await get(`/api/prodotti/details?${SCOPE}&codice_prodotto=IM-0002`)).prodotto.titolo;
    expect(await titolo()).toBe('Rivettatrice pneumatica professionale');
    const righe: (string | number)[][] = ARTICOLI.map((l) => l.split(';'));
    // The quoted description holds a ';': rebuild its row by hand.
    righe[3] = ['IM-0003', 'Tassello nylon 8x40; conf. 100 pz', 'Per mattone pieno', '03', 'Ferramenta', '0302', 'Tasselli', '007', 'Fischer', 'CF', 100, 10.5, Number(EAN2), 'FI-50', ''];
    righe[2][1] = 'Rivettatrice pneumatica professionale con valigetta';
    righe[1][10] = '1';
    const r = await importaFile(await xlsx('articoli.xlsx', righe), 'articoli');
    expect(r).toMatchObject({ stato: 'applicata', formato: { formato: 'xlsx' }, nuove: 0, modificate: 1, invariate: 2, scartate: 0 });
    const dopo = await Promise.all(['IM-0001', 'IM-0002', 'IM-0003'].map(prodotto));
    expect(dopo[1].descrizione1).toBe('Rivettatrice pneumatica professionale con valigetta');
    expect(new Date(dopo[1].updated_at).getTime()).toBeGreaterThan(new Date(prima[1].updated_at).getTime());
    expect([dopo[0].updated_at, dopo[2].updated_at]).toEqual([prima[0].updated_at, prima[2].updated_at]);
    expect(await cerca('valigett')).toEqual(['IM-0002']);
    // The notice of the import reaches the server's listener (the description was cached for 60 s).
    await expect.poll(titolo, { timeout: 3000, interval: 25 }).toBe('Rivettatrice pneumatica professionale con valigetta');
  });

  it('refuses a file without its required columns, naming them', async () => {
    const r = await importaFile(csv('senza-colonne.csv', ['codice;nome', 'X;Y']), 'articoli');
    expect(r).toMatchObject({ stato: 'rifiutata', motivo: 'Mancano le colonne obbligatorie: codice_prodotto, descrizione1', righeLette: 0 });
    const g = await importaFile(csv('giacenze-senza.csv', ['codice_prodotto;ord_forn', 'IM-0001;3']), 'giacenze');
    expect(g).toMatchObject({ stato: 'rifiutata', motivo: 'Manca la colonna obbligatoria: disponibilita' });
    const l = await importaFile(csv('listini-senza.csv', ['codice_prodotto;prezzo', 'IM-0001;3']), 'listini');
    expect(l).toMatchObject({ stato: 'rifiutata', motivo: 'Nessuna colonna di listino (pz1, pz2, …) nel file', colonneIgnorate: ['prezzo'] });
  });
});

describe('listini and giacenze', () => {
  it('imports price lists from a CSV with , (decimal comma in quotes, decimal point) and an XLSX where an empty cell removes a price', async () => {
    const r = await importaFile(csv('listini.csv', ['codice_prodotto,pz1,pz2', 'IM-0001,"12,50",11.9', 'IM-0002,"1.249,00","1.199,00"', 'IM-0003,"0,085",']), 'listini');
    expect(r).toMatchObject({ stato: 'applicata', formato: { separatore: ',' }, nuove: 3, modificate: 0, scartate: 0 });
    const prezzi = () => t().database.sql<{ codice: string; listino: number; prezzo: string }[]>`
      SELECT p.codice_prodotto AS codice, pp.listino, pp.prezzo FROM prodotti_prezzi pp JOIN prodotti p ON p.id = pp.prodotto_id
      ORDER BY 1, 2`.then((rs) => rs.map((x) => `${x.codice} pz${x.listino} ${x.prezzo}`));
    expect(await prezzi()).toEqual(['IM-0001 pz1 12.500', 'IM-0001 pz2 11.900', 'IM-0002 pz1 1249.000', 'IM-0002 pz2 1199.000', 'IM-0003 pz1 0.085']);
    const x = await importaFile(await xlsx('listini.xlsx', [['codice_prodotto', 'pz1', 'pz2'], ['IM-0001', 12.5, ''], ['IM-0002', 1249, 1199], ['IM-0003', 0.085, null]]), 'listini');
    expect(x).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 1, invariate: 2 });
    expect(await prezzi()).toEqual(['IM-0001 pz1 12.500', 'IM-0002 pz1 1249.000', 'IM-0002 pz2 1199.000', 'IM-0003 pz1 0.085']);
    expect((await get(`/api/prodotti/details?${SCOPE}&codice_prodotto=IM-0001`)).prodotto).toMatchObject({ pz1: 12.5, prezzo: 12.5 });
  });

  it('imports stock from an XLSX and a CSV; giac_attuale follows disponibilita when the file has no column for it', async () => {
    const x = await importaFile(await xlsx('giacenze.xlsx', [['codice_prodotto', 'disponibilita', 'ord_forn'], ['IM-0001', 40, 5], ['IM-0002', 3, 0], ['IM-0003', 1000, '']]), 'giacenze');
    expect(x).toMatchObject({ stato: 'applicata', modificate: 3, invariate: 0 });
    expect(await prodotto('IM-0003')).toMatchObject({ disponibilita: 1000, ord_forn: 0, giac_attuale: 1000 });
    const c = await importaFile(csv('giacenze.csv', ['codice_prodotto;disponibilita;ord_forn;giac_attuale', 'IM-0001;40;5;40', 'IM-0002;-2;10;0']), 'giacenze');
    expect(c).toMatchObject({ stato: 'applicata', modificate: 1, invariate: 1 });
    expect(await prodotto('IM-0002')).toMatchObject({ disponibilita: -2, ord_forn: 10, giac_attuale: 0 });
  });

  const CATTIVO = ['codice_prodotto;disponibilita', 'IM-0001;41', 'IM-0002;abc', 'XX-9999;5', 'IM-0001;42', 'IM-0003;7,5', 'IM-0003;999'];

  it('refuses the whole file above the threshold (1 %): nothing applied, every bad row recorded', async () => {
    const r = await importaFile(csv('giacenze-errate.csv', CATTIVO), 'giacenze');
    expect(r).toMatchObject({ stato: 'rifiutata', righeLette: 6, scartate: 4, motivo: expect.stringContaining('4 righe scartate su 6') });
    expect((await prodotto('IM-0001')).disponibilita).toBe(40);
    expect((await prodotto('IM-0003')).disponibilita).toBe(1000);
    const [rec] = await t().database.sql<{ stato: string; scartate: number; errori: number }[]>`
      SELECT i.stato, i.scartate, (SELECT count(*)::int FROM importazioni_errori e WHERE e.importazione_id = i.id) AS errori
      FROM importazioni i WHERE i.id = ${r.id}`;
    expect(rec).toEqual({ stato: 'rifiutata', scartate: 4, errori: 4 });
  });

  it('applies the good rows and lists each bad one with its line and an Italian reason, below a higher threshold', async () => {
    const r = await importaFile(path.join(dir, 'giacenze-errate.csv'), 'giacenze', { soglia: 70 });
    expect(r).toMatchObject({ stato: 'applicata', righeLette: 6, scartate: 4, modificate: 2 });
    expect(r.errori).toEqual([
      { riga: 3, colonna: 'disponibilita', valore: 'abc', messaggio: 'non è un numero' },
      { riga: 4, colonna: 'codice_prodotto', valore: 'XX-9999', messaggio: 'prodotto sconosciuto' },
      { riga: 5, colonna: 'codice_prodotto', valore: 'IM-0001', messaggio: 'ripetuto: già alla riga 2' },
      { riga: 6, colonna: 'disponibilita', valore: '7,5', messaggio: 'deve essere un numero intero' },
    ]);
    expect((await prodotto('IM-0001')).disponibilita).toBe(41);
    expect((await prodotto('IM-0003')).disponibilita).toBe(999);
  });

  it('verifies without writing with prova, and maps the ERP\'s column names from the mapping', async () => {
    const file = csv('esistenze.csv', ['CODART;Esistenza;Q.tà ordinata', 'IM-0001;50;0', 'IM-0002;-2;10']);
    const colonne = { giacenze: { codice_prodotto: ['CODART'], disponibilita: ['ESISTENZA'], ord_forn: ['qta ordinata'] } };
    const p = await importaFile(file, 'giacenze', { colonne, prova: true });
    // IM-0002's giac_attuale was 0: without its column it becomes disponibilita, -2.
    expect(p).toMatchObject({ stato: 'verificata', modificate: 2, invariate: 0, colonneIgnorate: [] });
    expect((await prodotto('IM-0001')).disponibilita).toBe(41);
    expect(await importaFile(file, 'giacenze', { colonne })).toMatchObject({ stato: 'applicata', modificate: 2 });
    expect((await prodotto('IM-0001')).disponibilita).toBe(50);
  });
});

describe('beside orders', () => {
  it('waits for an order holding a product\'s stock instead of deadlocking with it (stock rows are locked in product order, as orders lock them)', async () => {
    const { sql } = t().database;
    const [basso, alto] = await sql<{ id: number; codice: string }[]>`
      SELECT id, codice_prodotto AS codice FROM prodotti WHERE codice_prodotto IN ('IM-0001', 'IM-0002') ORDER BY id`;
    const file = csv('giacenze-concorrenti.csv', ['codice_prodotto;disponibilita', `${alto.codice};77`, `${basso.codice};77`]);
    let importazione: ReturnType<typeof importaFile> | undefined;
    await sql.begin(async (ordine) => {
      await ordine`SELECT 1 FROM giacenze WHERE prodotto_id = ${basso.id} FOR UPDATE`;
      importazione = importaFile(file, 'giacenze');
      await expect.poll(async () => (await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0].n,
      { timeout: 5000, interval: 20 }).toBe(1);
      // Had the import taken the other product first, this would be a deadlock.
      await ordine`SELECT 1 FROM giacenze WHERE prodotto_id = ${alto.id} FOR UPDATE`;
      await ordine`UPDATE giacenze SET disponibilita = disponibilita - 1 WHERE prodotto_id IN (${basso.id}, ${alto.id})`;
    });
    expect(await importazione).toMatchObject({ stato: 'applicata', modificate: 2 });
    expect([(await prodotto(basso.codice)).disponibilita, (await prodotto(alto.codice)).disponibilita]).toEqual([77, 77]);
  });
});

describe('clienti and prezzi_netti', () => {
  it('imports clients from a CSV (a new company named in the file) and an XLSX that changes one', async () => {
    const r = await importaFile(csv('clienti.csv', [
      'azienda_codice;cliente_codice;ragione_sociale;email;telefono;cliente_lis_maga;sconto;azienda_ragione_sociale',
      '0001;000100;Ferramenta Rossi S.n.c.;ordini@ferramentarossi.it;0543 123456;2;5,5;',
      '0003;000900;Edilizia Cantù S.r.l.;info@ediliziacantu.it;;1;0;Ferramenta Ingrosso Nord S.r.l.',
      '0001;000901;Colorificio Paternò;non-una-mail;;1;;',
      '0009;000902;Senza azienda;;;1;;',
    ], 'latin1'), 'clienti', { soglia: 50 });
    expect(r).toMatchObject({ stato: 'applicata', nuove: 1, modificate: 1, scartate: 2 });
    expect(r.errori.map((e) => [e.riga, e.colonna, e.messaggio])).toEqual([
      [4, 'email', 'indirizzo e-mail non valido'], [5, 'azienda_codice', 'azienda sconosciuta (per crearla indica azienda_ragione_sociale)'],
    ]);
    const clienti = () => t().database.sql`SELECT azienda_codice, codice, ragione_sociale, email, lis_maga, sconto FROM clienti ORDER BY codice`;
    expect(await clienti()).toEqual([
      { azienda_codice: '0001', codice: '000100', ragione_sociale: 'Ferramenta Rossi S.n.c.', email: 'ordini@ferramentarossi.it', lis_maga: 2, sconto: '5.50' },
      { azienda_codice: '0003', codice: '000900', ragione_sociale: 'Edilizia Cantù S.r.l.', email: 'info@ediliziacantu.it', lis_maga: 1, sconto: '0.00' },
    ]);
    const x = await importaFile(await xlsx('clienti.xlsx', [
      ['azienda_codice', 'cliente_codice', 'ragione_sociale', 'sconto'], ['0001', '000100', 'Ferramenta Rossi S.n.c.', 0], ['0003', '000900', 'Edilizia Cantù S.r.l.', 0],
    ]), 'clienti');
    expect(x).toMatchObject({ stato: 'applicata', modificate: 1, invariate: 1 });
    expect((await clienti())[0]).toMatchObject({ lis_maga: 2, sconto: '0.00', email: 'ordini@ferramentarossi.it' });
  });

  it('imports net prices (CSV and XLSX); an empty price removes one, and --completo the client\'s others', async () => {
    const netti = () => t().database.sql<{ c: string; p: string; prezzo: string }[]>`
      SELECT c.codice AS c, p.codice_prodotto AS p, ps.prezzo FROM prezzi_speciali ps JOIN clienti c ON c.id = ps.cliente_id
      JOIN prodotti p ON p.id = ps.prodotto_id ORDER BY 1, 2`.then((rs) => rs.map((x) => `${x.c} ${x.p} ${x.prezzo}`));
    const r = await importaFile(csv('prezzi_netti.csv', [
      'azienda_codice;cliente_codice;codice_prodotto;prezzo_reale', '0001;000100;IM-0001;9,90', '0001;000100;IM-0002;1.099,00', '0003;000900;IM-0001;10,5',
    ]), 'prezzi_netti');
    expect(r).toMatchObject({ stato: 'applicata', nuove: 3 });
    expect(await netti()).toEqual(['000100 IM-0001 9.900', '000100 IM-0002 1099.000', '000900 IM-0001 10.500']);
    expect((await get(`/api/prodotti/details?${SCOPE}&codice_prodotto=IM-0001`)).prodotto).toMatchObject({ prezzo_reale: 9.9 });
    const x = await importaFile(await xlsx('prezzi_netti.xlsx', [
      ['azienda_codice', 'cliente_codice', 'codice_prodotto', 'prezzo_reale'], ['0001', '000100', 'IM-0001', 9.5], ['0001', '000100', 'IM-0003', ''],
    ]), 'prezzi_netti', { completo: true });
    // IM-0001 changed; IM-0003 had no net price (nothing to remove); IM-0002 is not in the file: removed by --completo.
    expect(x).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 1, invariate: 1, ritirate: 1 });
    expect(await netti()).toEqual(['000100 IM-0001 9.500', '000900 IM-0001 10.500']);
  });
});

describe('categorie', () => {
  it('renames and moves categories (CSV, then XLSX): the branch follows, its products with it; a loop is refused', async () => {
    const r = await importaFile(csv('categorie.csv', [
      'cod_cat;nome;cod_cat_padre;ordine', '01;Utensileria manuale;;1', '0302;Tasselli e ancoranti;01;5', '030201;Tasselli chimici;0302;1', '04;Idraulica;;4',
    ]), 'categorie');
    expect(r).toMatchObject({ stato: 'applicata', nuove: 2, modificate: 2, invariate: 0 });
    const [t0302] = await t().database.sql<{ livello: number; path: string[] }[]>`
      SELECT c.livello, array(SELECT a.cod_cat FROM unnest(c.path_ids) WITH ORDINALITY u(id, n) JOIN categorie a ON a.id = u.id ORDER BY u.n) AS path
      FROM categorie c WHERE c.cod_cat = '030201'`;
    expect(t0302).toEqual({ livello: 2, path: ['01', '0302', '030201'] });
    // IM-0003 is in 0302, which moved under 01: its page and 01's now show it, 03's no longer.
    expect(await categoria('01')).toEqual(['IM-0001', 'IM-0003']);
    expect(await categoria('03')).toEqual([]);
    const x = await importaFile(await xlsx('categorie.xlsx', [
      ['cod_cat', 'nome', 'cod_cat_padre'], ['01', 'Utensileria manuale', '030201'], ['04', 'Idraulica e termoidraulica', ''],
    ]), 'categorie', { soglia: 50 });
    expect(x).toMatchObject({ stato: 'applicata', modificate: 1, scartate: 1 });
    expect(x.errori).toEqual([{ riga: 2, colonna: 'cod_cat_padre', valore: '030201', messaggio: 'la catena dei padri non arriva a una categoria principale (ciclo)' }]);
    // Moved under a hidden branch, its products leave every category page; back, they return.
    const pagine = async (codice: string) => (await t().database.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM prodotti_categorie pc JOIN prodotti p ON p.id = pc.prodotto_id WHERE p.codice_prodotto = ${codice}`)[0].n;
    expect(await pagine('IM-0003')).toBe(2);
    const nascosta = await importaFile(csv('categorie-nascoste.csv', ['cod_cat;nome;cod_cat_padre;status', '04;Idraulica;;1', '0302;Tasselli e ancoranti;04;0']), 'categorie');
    expect(nascosta).toMatchObject({ stato: 'applicata', modificate: 2 });
    expect(await pagine('IM-0003')).toBe(0);
    await importaFile(csv('categorie-ritorno.csv', ['cod_cat;nome;cod_cat_padre;status', '04;Idraulica e termoidraulica;;0', '0302;Tasselli e ancoranti;01;0']), 'categorie');
    expect(await pagine('IM-0003')).toBe(2);
    expect(await categoria('01')).toEqual(['IM-0001', 'IM-0003']);
  });
});

describe('withdrawing with --completo', () => {
  it('hides a product missing from a complete articoli file from the catalogue, keeps it in past orders, and shows it again when it returns', async () => {
    const ordine = await t().app.inject({
      method: 'POST', url: '/api/ordini/create', headers: { cookie },
      payload: { azienda_codice: '0001', cliente_codice: '000100', utente_codice: utenteCodice, nome: '', note: '', carrelloItems: [{ codice_prodotto: 'IM-0003', quantita: 2 }] },
    });
    expect(ordine.json()).toMatchObject({ status: 0 });
    const righe = ARTICOLI.filter((l) => !l.startsWith('IM-0003'));
    const p = await importaFile(csv('articoli-completo.csv', righe, 'latin1'), 'articoli', { completo: true, prova: true });
    expect(p).toMatchObject({ stato: 'verificata', ritirate: 1 });
    expect((await prodotto('IM-0003')).deleted_at).toBeNull();
    const r = await importaFile(path.join(dir, 'articoli-completo.csv'), 'articoli', { completo: true });
    expect(r).toMatchObject({ stato: 'applicata', ritirate: 1 });
    expect((await prodotto('IM-0003')).deleted_at).not.toBeNull();
    expect(await categoria('01')).toEqual(['IM-0001']);
    expect(await cerca('tassello')).toEqual([]);
    expect(await cerca(EAN2)).toEqual([]);
    const riordino = await t().app.inject({
      method: 'POST', url: '/api/ordini/create', headers: { cookie },
      payload: { azienda_codice: '0001', cliente_codice: '000100', utente_codice: utenteCodice, nome: '', note: '', carrelloItems: [{ codice_prodotto: 'IM-0003', quantita: 1 }] },
    });
    expect(riordino.json().status).toBe(1);
    const storico = await get(`/api/ordini/read?utente_codice=${utenteCodice}&azienda_codice=0001&cliente_codice=000100`);
    expect(storico.ordini[0].prodotti).toMatchObject([{ codice_prodotto: 'IM-0003', qt: 2, prodotto_nome: 'Tassello nylon 8x40; conf. 100 pz' }]);
    // Back in the next file: shown again.
    expect(await importaFile(path.join(dir, 'articoli.csv'), 'articoli', { completo: true })).toMatchObject({ modificate: 1, ritirate: 0 });
    expect((await prodotto('IM-0003')).deleted_at).toBeNull();
    expect(await categoria('01')).toEqual(['IM-0001', 'IM-0003']);
  });

  it('keeps a product whose row is refused out of the withdrawal', async () => {
    const righe = [...ARTICOLI.slice(0, 3), 'IM-0003;;;;;;;;;;;;;;'];
    const r = await importaFile(csv('articoli-riga-errata.csv', righe), 'articoli', { completo: true, soglia: 50 });
    expect(r).toMatchObject({ stato: 'applicata', scartate: 1, ritirate: 0 });
    expect(r.errori).toEqual([{ riga: 4, colonna: 'descrizione1', messaggio: 'valore mancante' }]);
    expect((await prodotto('IM-0003')).deleted_at).toBeNull();
  });
});
