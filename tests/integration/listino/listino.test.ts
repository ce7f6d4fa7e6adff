import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Prodotto } from '../../../shared/catalogo.js';
import { COLONNE_LISTINO } from '../../../shared/listino-costanti.js';
import { codiciCliente, liste, listeProdotti, prezziSpeciali, prodottiCodici, scontiClienti } from '../../../server/db/schema/index.js';
import { LIMITI_IMPORT } from '../../../server/import/lettura/limiti.js';
import { righeMetel } from '../../../server/import/lettura/metel.js';
import type { FormatoLetto } from '../../../server/import/lettura/tipi.js';
import { righeListino } from '../../../server/listino/listino.queries.js';
import { createAzienda, createBrand, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { celleFormula } from '../../support/csv-ingenuo.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// listino/export (docs/regole/listino.md#export) against real Postgres: each format read back
// (csv-parse, exceljs, the import's Metel reader), every price equal to what the catalogue's calls
// answer the same client, another client's prices, no product the client cannot see, the scopes
// (category, brand, list) and the refusals.
const t = useTestApp();
let cookieA = '';
let cookieB = '';
let scopeA = { azienda_codice: '0001', cliente_codice: '000100', utente_codice: '' };
let scopeB = { azienda_codice: '0001', cliente_codice: '000200', utente_codice: '' };
const ids: Record<string, number> = {};
/** The codes client A sees, in the export's order. */
const VISIBILI = ['AV-BRAND', 'AV-CATENA', 'AV-FAMIGLIA', 'AV-GIALLO', 'AV-ROSSO', 'AV-SPECIALE', 'AV-TERZO'];

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: '0001', codice: '000100', sconto: '10', lisMaga: 1 });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: '000200', lisMaga: 2 });
  const ua = await createUtente(db, { clienti: [a.id] });
  const ub = await createUtente(db, { clienti: [b.id] });
  scopeA = { ...scopeA, utente_codice: ua.codice };
  scopeB = { ...scopeB, utente_codice: ub.codice };
  cookieA = await loginCliente(t().app, ua);
  cookieB = await loginCliente(t().app, ub, 'device-2');
  const cat = await createCategoria(db, { codCat: 'LC01', nome: 'Viteria' });
  const sub = await createCategoria(db, { codCat: 'LC02', nome: 'Tasselli', parentId: cat.id });
  const nascosta = await createCategoria(db, { codCat: 'LC09', nome: 'Spenta' });
  const marca = await createBrand(db, { brandCodice: 'FSC', nome: 'Fischer' });
  const p = { categoriaId: cat.id };
  const speciale = await createProdotto(db, { ...p, codiceProdotto: 'AV-SPECIALE', descrizione1: 'Vite a testa svasata', prezzi: { 1: '10.000', 2: '8.000' } });
  const catena = await createProdotto(db, { ...p, codiceProdotto: 'AV-CATENA', descrizione1: 'Tassello è più «forte» €', um: 'CF', pzConf: 50, multiplo: 5, minimo: 10, prezzi: { 1: '20.000', 2: '19.000' } });
  await createProdotto(db, { ...p, codiceProdotto: 'AV-FAMIGLIA', famigliaSconto: 'VITI', prezzi: { 1: '12.340', 2: '12.000' } });
  await createProdotto(db, { categoriaId: sub.id, codiceProdotto: 'AV-TERZO', titoloPortale: 'Rondella =A+B', prezzi: { 1: '9.999', 2: '9.999' } });
  await createProdotto(db, { ...p, codiceProdotto: 'AV-GIALLO', disponibilita: 0, ordForn: 7, prezzi: { 1: '3.000' } });
  await createProdotto(db, { ...p, codiceProdotto: 'AV-ROSSO', disponibilita: -2, ordForn: 1, prezzi: {} });
  const brand = await createProdotto(db, { ...p, codiceProdotto: 'AV-BRAND', brandCodice: marca.brandCodice, ivaAliquota: '10', prezzi: { 1: '5.500', 2: '5.000' } });
  // What client A must never find: a product switched off, a deleted one, one in a category switched off.
  await createProdotto(db, { ...p, codiceProdotto: 'NO-SPENTO', status: 1 });
  await createProdotto(db, { ...p, codiceProdotto: 'NO-CANCELLATO', deletedAt: new Date() });
  const inNascosta = await createProdotto(db, { categoriaId: nascosta.id, codiceProdotto: 'NO-NASCOSTO', brandCodice: marca.brandCodice });
  await db.$client`UPDATE categorie SET status = 1 WHERE id = ${nascosta.id}`;
  await db.insert(prezziSpeciali).values({ clienteId: a.id, prodottoId: speciale.id, prezzo: '7.250' });
  await db.insert(scontiClienti).values([
    { clienteId: a.id, prodottoId: catena.id, sconti: '40+10+5', fattore: '0.513' },
    { clienteId: a.id, famigliaSconto: 'VITI', sconti: '30', fattore: '0.7' },
  ]);
  await db.insert(prodottiCodici).values([
    { prodottoId: catena.id, tipo: 'ean', codice: '8001234567890' },
    { prodottoId: catena.id, tipo: 'ean', codice: '8009999999999' },
  ]);
  const [lista] = await db.insert(liste).values({ utenteId: ua.id, clienteId: a.id, nome: 'Cantiere' }).returning();
  const [altrui] = await db.insert(liste).values({ utenteId: ub.id, clienteId: b.id, nome: 'Di B' }).returning();
  await db.insert(listeProdotti).values([
    { listaId: lista!.id, prodottoId: brand.id }, { listaId: lista!.id, prodottoId: catena.id },
    { listaId: lista!.id, prodottoId: inNascosta.id },
  ]);
  ids.lista = lista!.id;
  ids.altrui = altrui!.id;
  // Own codes: A's for the chain product, B's for the same product (never in A's file).
  await db.insert(codiciCliente).values([
    { clienteId: a.id, prodottoId: catena.id, codice: 'TAS/50' },
    { clienteId: b.id, prodottoId: speciale.id, codice: 'DI-B' },
  ]);
});

const get = (path: string, query: Record<string, string | number>, cookie = cookieA) =>
  t().app.inject({ method: 'GET', url: `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: { cookie } });

/** The rows of a CSV export as objects keyed by the header, with numbers read back from their Italian form. */
function leggiCsv(body: string): Record<string, string>[] {
  return parse(body, { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
}
const num = (s: string) => Number(s.replace(',', '.'));

/** What the catalogue answers a client for these products: the category page of LC01 (and its sub-category). */
async function catalogo(scope: typeof scopeA, cookie: string): Promise<Map<string, Prodotto>> {
  const res = await get('prodotti/categoriawithcustominfo', {
    cod_azienda: scope.azienda_codice, cod_cliente: scope.cliente_codice, categoria_cod: 'LC01', start: 0, limit: 100,
  }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json() as { prodotti: Prodotto[] }).prodotti.map((p) => [p.codice_prodotto, p]));
}

/** An XLSX cell as read back by exceljs: inline strings come as rich text. */
const testoXlsx = (v: unknown) =>
  v !== null && typeof v === 'object' && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('') : v;

const TESTI = { verde: 'Disponibile', giallo: 'In arrivo dal fornitore', rosso: 'Non disponibile' } as const;

describe('listino/export', () => {
  it('CSV: every product the client sees, at the prices, chain and availability the catalogue answers that client', async () => {
    const res = await get('listino/export', { ...scopeA, formato: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="listino.csv"');
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${COLONNE_LISTINO.map((c) => `"${c}"`).join(';')}`);
    const righe = leggiCsv(res.body);
    expect(righe.map((r) => r.Codice)).toEqual(VISIBILI);
    const api = await catalogo(scopeA, cookieA);
    for (const r of righe) {
      const p = api.get(r.Codice!)!;
      expect(p, r.Codice).toBeDefined();
      expect({
        codice: r.Codice, descrizione: r.Descrizione, um: r['Unità di misura'], pz: num(r['Pezzi per confezione']!),
        multiplo: num(r.Multiplo!), listino: num(r['Prezzo di listino (€)']!), sconti: r.Sconti, netto: num(r['Prezzo netto (€)']!),
        iva: num(r['Aliquota IVA (%)']!), disp: r['Disponibilità'], ord: num(r['Ordinato al fornitore']!),
      }).toEqual({
        codice: p.codice_prodotto, descrizione: p.titolo_portale || p.descrizione1, um: p.um, pz: p.pz_conf, multiplo: p.multiplo,
        listino: p.prezzo, sconti: p.sconti, netto: p.prezzo_reale, iva: p.iva_aliquota, disp: TESTI[p.disponibilita_colore], ord: p.ord_forn,
      });
    }
    const per = new Map(righe.map((r) => [r.Codice, r]));
    // Each precedence case, as written: special price, product chain, family chain, the client's 10 %, 3 decimals.
    expect([per.get('AV-SPECIALE')!['Prezzo netto (€)'], per.get('AV-SPECIALE')!.Sconti]).toEqual(['7,25', '']);
    expect([per.get('AV-CATENA')!['Prezzo netto (€)'], per.get('AV-CATENA')!.Sconti, per.get('AV-CATENA')!.EAN]).toEqual(['10,26', '40+10+5', '8001234567890']);
    expect([per.get('AV-FAMIGLIA')!['Prezzo netto (€)'], per.get('AV-FAMIGLIA')!.Sconti]).toEqual(['8,638', '30']);
    expect([per.get('AV-TERZO')!['Prezzo netto (€)'], per.get('AV-TERZO')!.Descrizione]).toEqual(['8,999', 'Rondella =A+B']);
    expect([per.get('AV-ROSSO')!['Prezzo di listino (€)'], per.get('AV-ROSSO')!.Giacenza, per.get('AV-ROSSO')!['Disponibilità']]).toEqual(['0', '0', 'Non disponibile']);
    expect(per.get('AV-BRAND')!['Aliquota IVA (%)']).toBe('10');
    // The client's own code beside the product's, and the pack's minimum beside its multiple.
    expect([per.get('AV-CATENA')!['Il tuo codice'], per.get('AV-CATENA')!.Multiplo, per.get('AV-CATENA')!.Minimo]).toEqual(['TAS/50', '5', '10']);
    expect(righe.filter((r) => r['Il tuo codice'] !== '').map((r) => r.Codice)).toEqual(['AV-CATENA']);
  });

  it('another client gets its own prices, again equal to what the catalogue answers it', async () => {
    const res = await get('listino/export', { ...scopeB, formato: 'csv' }, cookieB);
    expect(res.statusCode, res.body).toBe(200);
    const righe = leggiCsv(res.body);
    const api = await catalogo(scopeB, cookieB);
    for (const r of righe) expect([r.Codice, num(r['Prezzo netto (€)']!)]).toEqual([r.Codice, api.get(r.Codice!)!.prezzo_reale]);
    const netto = (rr: Record<string, string>[], c: string) => rr.find((r) => r.Codice === c)!['Prezzo netto (€)'];
    const diA = leggiCsv((await get('listino/export', { ...scopeA, formato: 'csv' })).body);
    expect(netto(righe, 'AV-SPECIALE')).toBe('8');
    expect(netto(diA, 'AV-SPECIALE')).toBe('7,25');
    expect(netto(righe, 'AV-CATENA')).toBe('19');
    expect(netto(diA, 'AV-CATENA')).toBe('10,26');
  });

  it('XLSX: the same rows, numbers as numbers, codes as text', async () => {
    const csv = leggiCsv((await get('listino/export', { ...scopeA, formato: 'csv' })).body);
    const res = await get('listino/export', { ...scopeA, formato: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="listino.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Listino')!;
    const valori = (n: number) => (ws.getRow(n).values as unknown[]).slice(1).map(testoXlsx);
    expect(valori(1)).toEqual([...COLONNE_LISTINO]);
    // Text is written inline (t="inlineStr", which exceljs reads back as rich text), not in a shared table held in memory.
    expect(ws.getRow(2).getCell(1).value).toEqual({ richText: [{ text: 'AV-BRAND' }] });
    expect(ws.rowCount).toBe(1 + VISIBILI.length);
    for (let i = 0; i < csv.length; i++) {
      const riga = valori(i + 2);
      const attesa = COLONNE_LISTINO.map((c) => csv[i]![c]!);
      // Empty cells (no EAN, no chain) are absent in exceljs's row values.
      expect(COLONNE_LISTINO.map((_, k) => riga[k] === undefined || riga[k] === null ? '' : typeof riga[k] === 'number' ? String(riga[k]).replace('.', ',') : riga[k]))
        .toEqual(attesa);
    }
    expect(typeof valori(3)[COLONNE_LISTINO.indexOf('Prezzo netto (€)')]).toBe('number');
  });

  it('Metel: Windows-1252 fixed-width lines the import reads back, net price as wholesaler price, list price as public price', async () => {
    const res = await get('listino/export', { ...scopeA, formato: 'metel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1252');
    expect(res.headers['content-disposition']).toBe('attachment; filename="listino.txt"');
    const bytes = res.rawPayload;
    expect(bytes.toString('latin1').split('\r\n').slice(0, -1).every((l) => !l.includes('\n'))).toBe(true);
    // The € as Windows-1252's 0x80, on the bytes and read back.
    expect(bytes.includes(Buffer.from('Tassello \xe8 pi\xf9 \xabforte\xbb \x80 ', 'latin1'))).toBe(true);
    const formato: FormatoLetto = {};
    const righe = [];
    for await (const r of righeMetel((async function* () { yield bytes; })(), formato, LIMITI_IMPORT)) righe.push(r.valori);
    expect(formato.layout).toBe('020');
    const [campi, ...articoli] = righe;
    const per = new Map(articoli.map((v) => [String(v[campi!.indexOf('codice_metel')]), Object.fromEntries(campi!.map((c, i) => [String(c), String(v[i])]))]));
    expect([...per.keys()]).toEqual(VISIBILI);
    const api = await catalogo(scopeA, cookieA);
    for (const [codice, a] of per) {
      const p = api.get(codice)!;
      const euro = (campo: string) => Number(a[campo]) / (100 * Number(a.moltiplicatore));
      expect([codice, euro('prezzo_grossista'), euro('prezzo_pubblico')]).toEqual([codice, p.prezzo_reale, p.prezzo]);
    }
    expect(per.get('AV-CATENA')).toMatchObject({
      marchio: '000', ean: '8001234567890', descrizione: 'Tassello è più «forte» €', pezzi_confezione: '00050', multiplo: '00005',
      minimo: '00010', um: 'CF', stato: '1', moltiplicatore: '000001', prezzo_grossista: '00000001026',
    });
    // 8.999: a third decimal is written for 10 units.
    expect(per.get('AV-TERZO')).toMatchObject({ prezzo_grossista: '00000008999', prezzo_pubblico: '00000009999', moltiplicatore: '000010' });
    expect(per.get('AV-FAMIGLIA')).toMatchObject({ famiglia_sconto: 'VITI' });
    expect(per.get('AV-BRAND')).toMatchObject({ marchio: 'FSC' });
  });

  it('a category (with its sub-categories), a brand, one of the user\'s lists: only what the client sees of them', async () => {
    const codici = async (q: Record<string, string | number>) =>
      leggiCsv((await get('listino/export', { ...scopeA, formato: 'csv', ...q })).body).map((r) => r.Codice);
    expect(await codici({ categoria_cod: 'LC02' })).toEqual(['AV-TERZO']);
    expect(await codici({ categoria_cod: 'LC01' })).toEqual(VISIBILI);
    expect(await codici({ brand_id: 'FSC' })).toEqual(['AV-BRAND']);
    expect(await codici({ lista_id: ids.lista! })).toEqual(['AV-BRAND', 'AV-CATENA']);
  });

  it("refuses: 401 without a session, 403 for another client's codes, 404 for what is not there and another's list alike, 400 for a bad format or scope", async () => {
    const noSession = await get('listino/export', { formato: 'nulla' }, '');
    expect(noSession.statusCode).toBe(401);
    const altroCliente = await get('listino/export', { ...scopeA, cliente_codice: '000200', formato: 'csv' });
    expect(altroCliente.statusCode).toBe(403);
    expect(altroCliente.headers['content-disposition']).toBeUndefined();
    // Someone else's list answers as a missing one: the same status, code and message.
    const risposta = async (listaId: number) => {
      const r = await get('listino/export', { ...scopeA, formato: 'csv', lista_id: listaId });
      return [r.statusCode, r.json().code, r.json().msg, r.headers['content-disposition']];
    };
    const altrui = await risposta(ids.altrui!);
    expect(altrui).toEqual([404, 'non_trovato', 'Lista non trovata.', undefined]);
    expect(await risposta(999_999)).toEqual(altrui);
    const nascosta = await get('listino/export', { ...scopeA, formato: 'csv', categoria_cod: 'LC09' });
    expect([nascosta.statusCode, nascosta.json().msg]).toEqual([404, 'Categoria LC09 non trovata.']);
    expect((await get('listino/export', { ...scopeA, formato: 'csv', brand_id: 'ZZZ' })).json()).toMatchObject({ msg: 'Marchio ZZZ non trovato.' });
    for (const [q, msg] of [
      [{ formato: 'pdf' }, 'Dati non validi (parametro formato): Formato non valido: xlsx, csv o metel'],
      [{}, 'Dati non validi (parametro formato): Formato non valido: xlsx, csv o metel'],
      [{ formato: 'csv', categoria_cod: 'LC01', brand_id: 'FSC' }, 'Dati non validi (parametro categoria_cod): Scegli un solo ambito: una categoria, un marchio o una lista'],
      [{ formato: 'csv', lista_id: 'abc' }, 'Dati non validi (parametro lista_id): lista_id non valido'],
    ] as const) {
      const res = await get('listino/export', { ...scopeA, ...q });
      expect([res.statusCode, res.json().msg], JSON.stringify(q)).toEqual([400, msg]);
    }
  });
});

/** Transactions open on the test's database, beside the one asking. */
const transazioniAperte = async () => (await t().database.db.$client<{ n: number }[]>`
  SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`)[0]!.n;

describe('listino/export reading', () => {
  beforeAll(async () => {
    const { db } = t().database;
    const [cat] = await db.$client<{ id: number }[]>`SELECT id FROM categorie WHERE cod_cat = 'LC01'`;
    await db.$client`INSERT INTO prodotti (codice_prodotto, descrizione1, categoria_id, brand_codice)
      SELECT 'ZZ-' || lpad(i::text, 5, '0'), 'Massa ' || i, ${cat!.id}, '000' FROM generate_series(1, 30000) i`;
  });

  it('a reader that stops early ends the transaction and gives its connection back; rows come in code order across batches', async () => {
    const { db } = t().database;
    const ctx = { clienteId: 0, listino: 1, sconto: '0', netti: true };
    const codici: string[] = [];
    for await (const lotto of righeListino(db, ctx, { tipo: 'marchio', brandCodice: '000' })) codici.push(...lotto.map((r) => r.codice_prodotto));
    expect(codici.filter((c) => c.startsWith('ZZ-'))).toEqual(Array.from({ length: 30000 }, (_, i) => `ZZ-${String(i + 1).padStart(5, '0')}`));
    let letti = 0;
    for await (const lotto of righeListino(db, ctx, { tipo: 'tutti' })) {
      letti += lotto.length;
      break;
    }
    expect(letti).toBe(1000);
    expect(await transazioniAperte()).toBe(0);
  });

  it('an XLSX download broken off half-way (the browser\'s Annulla) ends its transaction and gives its connection back', async () => {
    const { app } = t();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/listino/export?${new URLSearchParams({ ...scopeA, formato: 'xlsx' })}`,
      { headers: { cookie: cookieA }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    const lettore = res.body!.getReader();
    await lettore.read();
    // The first bytes (the file's fixed parts) may come before the rows' transaction begins; with
    // 30,000 rows the file is far from written when the reader goes.
    await expect.poll(transazioniAperte, { timeout: 10_000 }).toBe(1);
    ctrl.abort();
    await expect.poll(transazioniAperte, { timeout: 10_000 }).toBe(0);
  });
});

describe('listino/export: a title that smuggles a formula (issue 33, 6a)', () => {
  it("CSV: a title with ',=cmd…' is one quoted field, and a spreadsheet splitting on commas sees no cell starting with '='", async () => {
    const { db } = t().database;
    const sonda = await createProdotto(db, { codiceProdotto: 'AV-SONDA', titoloPortale: "Vite x,=cmd|' /C calc'!A0,y", prezzi: { 1: '1.500' } });
    await db.insert(listeProdotti).values({ listaId: ids.lista!, prodottoId: sonda.id });
    const res = await get('listino/export', { ...scopeA, formato: 'csv', lista_id: ids.lista! });
    expect(res.statusCode, res.body).toBe(200);
    expect(celleFormula(res.body)).toEqual([]);
    const riga = res.body.split('\r\n').find((l) => l.startsWith('"AV-SONDA"'));
    expect(riga).toContain(`;"Vite x,'=cmd|' /C calc'!A0,y";`);
    expect(leggiCsv(res.body).find((r) => r.Codice === 'AV-SONDA')).toMatchObject({ Descrizione: "Vite x,'=cmd|' /C calc'!A0,y", 'Prezzo netto (€)': '1,35' });
  });
});
