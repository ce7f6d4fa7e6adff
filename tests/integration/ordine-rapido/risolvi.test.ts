import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prezziSpeciali, prodottiCodici } from '../../../server/db/schema/index.js';
import type { OrdineRapidoRisolviResponse, RigaRisolta } from '../../../shared/ordine-rapido.js';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { modulo } from '../../support/importazioni.js';
import { cartellaTemporanea } from '../../../server/lib/upload/ricevi-file.js';
import { dichiara, testo as cellaTesto, xlsx } from '../../support/xlsx-a-mano.js';

// The quick order over HTTP against a real Postgres: pasted text and uploaded files, every code
// kind, the stock and quantity rules, the bounds, and the client's scope.
const t = useTestApp();
let cookie = '';
let cookieAltro = '';
let admin = '';
let base = '';
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
  admin = await loginAdmin(t().app, await createAdmin(db));
  const viti = await createProdotto(db, { codiceProdotto: 'VITE-10', descrizione1: 'Vite 10 mm', prezzi: { 1: '2.000' }, disponibilita: 100 });
  const tasselli = await createProdotto(db, { codiceProdotto: 'TASS-6', descrizione1: 'Tassello 6', prezzi: { 1: '0.500' }, disponibilita: 3, ordForn: 4 });
  await createProdotto(db, { codiceProdotto: 'ESAURITO', descrizione1: 'Niente', prezzi: { 1: '1.000' }, disponibilita: 0, ordForn: 0 });
  const a = await createProdotto(db, { codiceProdotto: 'DOPPIO-A', descrizione1: 'Chiave A', prezzi: { 1: '3.000' } });
  const b = await createProdotto(db, { codiceProdotto: 'DOPPIO-B', descrizione1: 'Chiave B', prezzi: { 1: '4.000' } });
  await db.insert(prodottiCodici).values([
    { prodottoId: viti.id, tipo: 'articolo', codice: 'ART-555' },
    { prodottoId: viti.id, tipo: 'fornitore', codice: 'FORN 777' },
    { prodottoId: tasselli.id, tipo: 'ean', codice: '8001234567895' },
    { prodottoId: a.id, tipo: 'fornitore', codice: 'K-12' },
    { prodottoId: b.id, tipo: 'fornitore', codice: 'K-12' },
  ]);
  await db.insert(prezziSpeciali).values({ clienteId: c.id, prodottoId: tasselli.id, prezzo: '0.250' });
  const salva = await t().app.inject({ method: 'POST', url: '/api/codici-cliente/salva', headers: { cookie }, payload: { ...SCOPE, codice_prodotto: 'VITE-10', codice: 'mia vite' } });
  expect(salva.statusCode).toBe(200);
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
});

const risolvi = (testo: string, c = cookie, scope: object = SCOPE) =>
  t().app.inject({ method: 'POST', url: '/api/ordine-rapido/risolvi', headers: { cookie: c }, payload: { ...scope, testo } });
async function righe(testo: string): Promise<RigaRisolta[]> {
  const r = await risolvi(testo);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as OrdineRapidoRisolviResponse).righe;
}
const breve = (r: RigaRisolta) => [r.riga, r.codice_prodotto, r.quantita, r.esito];

describe('ordine-rapido/risolvi', () => {
  it('reads every separator, decimal commas and thousands, skips blank lines and answers every other line', async () => {
    const r = await righe('VITE-10\t3\n\nVITE-10;4\r\nVITE-10,5\nVITE-10 6\n  VITE-10   7  \nVITE-10, 8\nVITE-10;Vite 10 mm;9\nVITE-10 1,000\n');
    expect(r.map(breve)).toEqual([
      [1, 'VITE-10', 3, 'trovato'], [3, 'VITE-10', 4, 'trovato'], [4, 'VITE-10', 5, 'trovato'], [5, 'VITE-10', 6, 'trovato'],
      [6, 'VITE-10', 7, 'trovato'], [7, 'VITE-10', 8, 'trovato'], [8, 'VITE-10', 9, 'trovato'], [9, 'VITE-10', 1, 'trovato'],
    ]);
    expect(r[0]).toMatchObject({ testo: 'VITE-10\t3', codice: 'VITE-10', messaggio: '', totale_riga: 5.4 });
    expect(r[0]!.prodotto).toMatchObject({ titolo: 'Vite 10 mm', prezzo_reale: 1.8, disponibilita_colore: 'verde', trovato_come: 'codice' });
    const d = await righe('VITE-10;2,5\nVITE-10,2,5\nVITE-10 2,0\nVITE-10 1.000\nVITE-10 -2\nVITE-10 0\nVITE-10 due\nVITE-10');
    expect(d.map(breve)).toEqual([
      [1, 'VITE-10', null, 'quantita_non_valida'], [2, 'VITE-10', null, 'quantita_non_valida'], [3, 'VITE-10', 2, 'trovato'],
      [4, 'VITE-10', 1000, 'oltre_disponibilita'], [5, 'VITE-10', null, 'quantita_non_valida'], [6, 'VITE-10', null, 'quantita_non_valida'],
      [7, 'VITE-10', null, 'quantita_non_valida'], [8, 'VITE-10', null, 'quantita_non_valida'],
    ]);
    expect(d[0]!.messaggio).toBe('Quantità non valida per il prodotto VITE-10: deve essere un numero intero maggiore di zero (letto: 2,5).');
    // A last word that is no number: 'VITE-10 due' is no code, 'VITE-10' is, so the quantity is what is wrong (issue 35).
    expect(d[6]).toMatchObject({ codice: 'VITE-10', testo: 'VITE-10 due', totale_riga: null });
    expect(d[6]!.messaggio).toBe('Quantità non valida per il prodotto VITE-10: deve essere un numero intero maggiore di zero (letto: due).');
    // A code with a space found whole (the client's own 'mia vite') keeps its words; neither read as a code: the whole line is the unknown code.
    const s = await righe('mia vite\nmia vite tre\nNON-ESISTE abc');
    expect(s.map(breve)).toEqual([[1, 'VITE-10', null, 'quantita_non_valida'], [2, 'VITE-10', null, 'quantita_non_valida'], [3, null, null, 'sconosciuto']]);
    expect(s[0]!.messaggio).toBe('Quantità mancante per VITE-10: scrivi la quantità dopo il codice (es. VITE-10 5).');
    expect(s[1]!.messaggio).toBe('Quantità non valida per il prodotto VITE-10: deve essere un numero intero maggiore di zero (letto: tre).');
    expect(s[2]!.messaggio).toBe('Codice NON-ESISTE abc non trovato nel catalogo.');
    expect(d[7]!.messaggio).toBe('Quantità mancante per VITE-10: scrivi la quantità dopo il codice (es. VITE-10 5).');
  });

  it('ignores a header line and says so', async () => {
    const r = (await risolvi('Codice;Quantità\nVITE-10;2')).json() as OrdineRapidoRisolviResponse;
    expect(r.intestazione).toEqual({ riga: 1, testo: 'Codice;Quantità' });
    expect(r.righe.map(breve)).toEqual([[2, 'VITE-10', 2, 'trovato']]);
    expect(((await risolvi('VITE-10;2')).json() as OrdineRapidoRisolviResponse).intestazione).toBeNull();
  });

  it('finds every code kind: product, article, supplier, EAN and the client\'s own, written loosely', async () => {
    const r = await righe('vite10 1\nART-555 1\nforn777 1\n8001234567895 1\nMIA-VITE 1\nmia vite;1');
    expect(r.map((x) => [x.codice_prodotto, x.esito, x.prodotto?.trovato_come])).toEqual([
      ['VITE-10', 'trovato', 'codice'], ['VITE-10', 'trovato', 'articolo'], ['VITE-10', 'trovato', 'fornitore'],
      ['TASS-6', 'trovato', 'ean'], ['VITE-10', 'trovato', 'cliente'], ['VITE-10', 'trovato', 'cliente'],
    ]);
    // The client's special price; 3 in stock and 4 on order.
    expect(r[3]!.prodotto).toMatchObject({ prezzo_reale: 0.25, disponibilita_colore: 'verde', promettibile: 7 });
  });

  it('another client never finds this client\'s own codes', async () => {
    const r = await risolvi('MIA-VITE 1', cookieAltro, { azienda_codice: '0001', cliente_codice: '000200' });
    expect(r.statusCode).toBe(200);
    expect((r.json() as OrdineRapidoRisolviResponse).righe.map(breve)).toEqual([[1, null, 1, 'sconosciuto']]);
  });

  it('an ambiguous code lists its candidates; an unknown one says so', async () => {
    const [amb, ign] = await righe('K-12 2\nNON-ESISTE 1');
    expect(amb).toMatchObject({ esito: 'ambiguo', codice_prodotto: null, quantita: 2, messaggio: 'Il codice K-12 corrisponde a 2 prodotti: scegli quello giusto.' });
    expect(amb!.candidati.map((c) => [c.codice_prodotto, c.prezzo_reale, c.trovato_come])).toEqual([['DOPPIO-A', 2.7, 'fornitore'], ['DOPPIO-B', 3.6, 'fornitore']]);
    expect(ign).toMatchObject({ esito: 'sconosciuto', messaggio: 'Codice NON-ESISTE non trovato nel catalogo.' });
  });

  it('judges stock plus on order with the cart\'s messages, adding up a product\'s lines', async () => {
    const r = await righe('TASS-6 7\nTASS-6 8\nESAURITO 1\nTASS-6 5\nTASS-6 2');
    expect(r.map(breve)).toEqual([
      [1, 'TASS-6', 7, 'trovato'], [2, 'TASS-6', 8, 'oltre_disponibilita'], [3, 'ESAURITO', 1, 'oltre_disponibilita'],
      [4, 'TASS-6', 5, 'oltre_disponibilita'], [5, 'TASS-6', 2, 'oltre_disponibilita'],
    ]);
    expect(r[1]!.messaggio).toBe('Prodotto TASS-6 non disponibile nella quantità richiesta. Massima disponibilità: 7. Le righe precedenti dello stesso prodotto ne chiedono già 7.');
    // A refused line counts for nothing: no line total beside its refusal; a found one to the cent.
    expect(r.map((x) => x.totale_riga)).toEqual([1.75, null, null, null, null]);
    expect(r[2]!.messaggio).toBe('Ci dispiace, il prodotto non è attualmente disponibile e non è stato ordinato dal fornitore.');
    expect((await righe('TASS-6 8'))[0]!.messaggio).toBe('Prodotto TASS-6 non disponibile nella quantità richiesta. Massima disponibilità: 7.');
  });

  it('resolves 1,000 lines in one call, every one answered in order', async () => {
    const testo = Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? `VITE-10 ${1 + (i % 2)}` : i % 3 === 1 ? `SCONOSCIUTO-${i};1` : `8001234567895\t0`)).join('\n');
    const r = await righe(testo);
    expect(r).toHaveLength(1000);
    expect(r.map((x) => x.riga)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(new Set(r.filter((_, i) => i % 3 === 1).map((x) => x.esito))).toEqual(new Set(['sconosciuto']));
    expect(new Set(r.filter((_, i) => i % 3 === 2).map((x) => x.esito))).toEqual(new Set(['quantita_non_valida']));
  });

  // The guard is the test's own timeout: the regular expression that split lines took minutes on this line, and the server answered nothing else meanwhile.
  it('answers a 500 kB line built to backtrack at once, as one line too long; a line of 200 characters is read', { timeout: 20_000 }, async () => {
    const ostile = `a${' ,'.repeat(255_000)}b`;
    const al200 = `${'X'.repeat(198)} 1`;
    const r = await righe(`VITE-10 2\n${ostile}\n${al200}\n${al200}2\nVITE-10 3`);
    expect(r.map(breve)).toEqual([
      [1, 'VITE-10', 2, 'trovato'], [2, null, null, 'sconosciuto'], [3, null, 1, 'sconosciuto'], [4, null, null, 'sconosciuto'], [5, 'VITE-10', 3, 'trovato'],
    ]);
    expect(r[1]).toMatchObject({ codice: '', testo: `${ostile.slice(0, 200)}…`, messaggio: 'Riga troppo lunga (510.002 caratteri): codice e quantità stanno in 200 caratteri.' });
    expect(r[2]).toMatchObject({ codice: 'X'.repeat(198), testo: al200, messaggio: `Codice ${'X'.repeat(198)} non trovato nel catalogo.` });
    expect(r[3]).toMatchObject({ codice: '', messaggio: 'Riga troppo lunga (201 caratteri): codice e quantità stanno in 200 caratteri.' });
  });

  it('refuses beyond 5,000 lines or 500 kB, and empty or malformed input, with an Italian 400', async () => {
    const troppe = await risolvi(Array.from({ length: 5001 }, () => 'A 1').join('\n'));
    expect(troppe.statusCode).toBe(400);
    expect(troppe.json()).toMatchObject({ code: 'dati_non_validi', msg: "Al massimo 5000 righe per ordine rapido: dividi l'elenco in più parti." });
    expect((await risolvi(['Codice Qta', ...Array.from({ length: 5000 }, () => 'A 1')].join('\n'))).statusCode).toBe(200);
    const lungo = await risolvi(`${'X'.repeat(500 * 1024)} 1`);
    expect(lungo.statusCode).toBe(400);
    expect(lungo.json().msg).toContain('Il testo supera 500 kB');
    expect((await risolvi('  \n\n')).json()).toMatchObject({ code: 'dati_non_validi', msg: 'Incolla almeno una riga nel formato: codice quantità.' });
    for (const payload of [{ ...SCOPE }, { ...SCOPE, testo: 5 }, { ...SCOPE, testo: 'A\u0000 1' }]) {
      const r = await t().app.inject({ method: 'POST', url: '/api/ordine-rapido/risolvi', headers: { cookie }, payload });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('dati_non_validi');
    }
  });

  it('answers 401 without a customer session before reading the input, 403 on another client\'s scope', async () => {
    const senza = await t().app.inject({ method: 'POST', url: '/api/ordine-rapido/risolvi', payload: { testo: 5 } });
    expect(senza.statusCode).toBe(401);
    // An admin session is no customer session: 401 like every customer call (tests/integration/api/contratti.test.ts).
    expect((await risolvi('VITE-10 1', admin)).statusCode).toBe(401);
    const altrui = await risolvi('MIA-VITE 1', cookieAltro);
    expect(altrui.statusCode).toBe(403);
    expect(altrui.json().code).toBe('accesso_negato');
  });
});

describe('ordine-rapido/file', () => {
  const carica = (form: FormData, c = cookie) => fetch(`${base}/api/ordine-rapido/file`, { method: 'POST', body: form, headers: { cookie: c } });

  it('reads a CSV with its header and a semicolon', async () => {
    const r = await carica(modulo(SCOPE, 'codice;descrizione;quantita\r\nVITE-10;Vite;3\r\n;;\r\nK-12;;1\r\n', 'ordine.csv'));
    expect(r.status).toBe(200);
    const j = (await r.json()) as OrdineRapidoRisolviResponse;
    expect(j.intestazione).toEqual({ riga: 1, testo: 'codice;descrizione;quantita' });
    expect(j.righe.map(breve)).toEqual([[2, 'VITE-10', 3, 'trovato'], [4, null, 1, 'ambiguo']]);
  });

  it('reads an XLSX written by exceljs: numbers as cells, decimal quantities judged', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ordine');
    for (const riga of [['Codice', 'Quantità'], ['VITE-10', 4], [8001234567895, 2], ['mia vite', 2.5]]) ws.addRow(riga);
    const r = await carica(modulo(SCOPE, new Uint8Array(await wb.xlsx.writeBuffer()), 'ordine.xlsx'));
    expect(r.status).toBe(200);
    expect(((await r.json()) as OrdineRapidoRisolviResponse).righe.map(breve)).toEqual([
      [2, 'VITE-10', 4, 'trovato'], [3, 'TASS-6', 2, 'trovato'], [4, 'VITE-10', null, 'quantita_non_valida'],
    ]);
  });

  const temporanei = () => (fs.existsSync(cartellaTemporanea(t().config.mediaDir)) ? fs.readdirSync(cartellaTemporanea(t().config.mediaDir)) : []);
  const ORDINE = `<row r="1">${cellaTesto('A1', 'VITE-10')}<c r="B1"><v>2</v></c></row>`;
  /** Refused with the quick order's own limit, its temporary file removed; the next good file is read. */
  async function rifiutato(contenuto: string | Buffer, nome: string, msg: string) {
    const r = await carica(modulo(SCOPE, contenuto, nome));
    expect({ status: r.status, body: await r.json() }).toMatchObject({ status: 400, body: { code: 'dati_non_validi', msg } });
    await vi.waitFor(() => expect(temporanei()).toEqual([]));
    const buono = await carica(modulo(SCOPE, 'VITE-10;1\r\n', 'ordine.csv'));
    expect(((await buono.json()) as OrdineRapidoRisolviResponse).righe.map(breve)).toEqual([[1, 'VITE-10', 1, 'trovato']]);
  }

  // The import's limits are sized for 200,000 products read in a process of its own; these files passed them and were read in the web process.
  it('refuses an XLSX beyond the quick order\'s limits: 50,000 shared strings, 20 MB unpacked', async () => {
    const testi = xlsx({ righe: ORDINE, testi: '<si><t>a</t></si>'.repeat(60_000) });
    await rifiutato(testi, 'ordine.xlsx',
      "File troppo grande per l'ordine rapido: il file XLSX contiene più di 50.000 testi distinti (sharedStrings.xml), oltre il limite.");
    // 24 MB of empty elements in the sheet, declaring 1 kB: counted as it inflates.
    const foglio = dichiara(xlsx({ righe: `${ORDINE}${'<x/>'.repeat(6_000_000)}` }), 'xl/worksheets/sheet1.xml', 1024);
    expect(foglio.length).toBeLessThan(200_000);
    await rifiutato(foglio, 'ordine.xlsx',
      "File troppo grande per l'ordine rapido: il file XLSX è troppo grande una volta decompresso: oltre 20 MB.");
    const dichiarato = xlsx({ righe: `${ORDINE}${'<x/>'.repeat(6_000_000)}` });
    await rifiutato(dichiarato, 'ordine.xlsx',
      "File troppo grande per l'ordine rapido: il file XLSX è troppo grande una volta decompresso: le sue parti dichiarano 23 MB (al massimo 20 MB).");
  });

  it('refuses a CSV beyond the quick order\'s limits: rows, blank ones included, and a cell\'s length', async () => {
    await rifiutato(`VITE-10;1\r\n${';;\r\n'.repeat(10_002)}VITE-10;2\r\n`, 'ordine.csv',
      "File troppo grande per l'ordine rapido: il file supera il limite di 10.002 righe (riga 10003).");
    await rifiutato(`VITE-10;${'x'.repeat(2_001)};1\r\n`, 'ordine.csv',
      "File troppo grande per l'ordine rapido: riga 1, colonna 2: una cella di 2001 caratteri supera il limite di 2000.");
    await rifiutato(`VITE-10;1\r\n${'x'.repeat(300_000)}\r\n`, 'ordine.csv',
      "File troppo grande per l'ordine rapido: CSV non leggibile (riga 2): riga di oltre 100.000 caratteri (una cella può averne al massimo 2000).");
    // Within the file's limits, a row whose code and quantity are longer than a line may be is a line too long.
    const r = await carica(modulo(SCOPE, `${'C'.repeat(199)};Vite;12\r\nVITE-10;${'x'.repeat(1_500)};3\r\n`, 'ordine.csv'));
    const [lunga, buona] = ((await r.json()) as OrdineRapidoRisolviResponse).righe;
    expect(lunga).toMatchObject({ riga: 1, codice: '', esito: 'sconosciuto', messaggio: 'Riga troppo lunga (201 caratteri): codice e quantità stanno in 200 caratteri.' });
    expect(buona).toMatchObject({ riga: 2, codice: 'VITE-10', quantita: 3, esito: 'trovato', testo: `VITE-10;${'x'.repeat(192)}…` });
  });

  it('refuses a file that is not CSV or XLSX, and another client\'s scope', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
    const r = await carica(modulo(SCOPE, png, 'ordine.csv'));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'dati_non_validi', msg: 'Carica un file CSV o XLSX (Excel).' });
    expect((await carica(modulo(SCOPE, 'VITE-10;1', 'a.csv'), cookieAltro)).status).toBe(403);
  });
});
