import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { righeCsv } from '../../../server/import/lettura/csv.js';
import { LIMITI_IMPORT } from '../../../server/import/lettura/limiti.js';
import { righeFile } from '../../../server/import/lettura/righe.js';
import type { FormatoLetto } from '../../../server/import/lettura/tipi.js';
import { leggiDecimale } from '../../../server/import/valori.js';
import { xlsx } from '../../support/xlsx-a-mano.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-lettura-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let file = 0;
/** Reads a file as the importer does, from the disk. */
async function leggi(byte: Buffer) {
  const percorso = path.join(dir, `file-${file++}`);
  fs.writeFileSync(percorso, byte);
  const formato: FormatoLetto = {};
  const righe: { riga: number; valori: unknown[] }[] = [];
  for await (const r of righeFile(percorso, formato)) righe.push(r);
  return { formato, righe };
}

/** Reads a CSV's bytes in chunks of `pezzo` bytes (a stream hands out any size). */
async function leggiCsv(byte: Buffer, pezzo: number) {
  const formato: FormatoLetto = {};
  const righe: { riga: number; valori: unknown[] }[] = [];
  async function* pezzi() {
    for (let i = 0; i < byte.length; i += pezzo) yield byte.subarray(i, i + pezzo);
  }
  for await (const r of righeCsv(pezzi(), formato, LIMITI_IMPORT)) righe.push(r);
  return { formato, righe };
}

describe('reading import files', () => {
  it('tells the separator from the header line and keeps quoted separators, inch marks and leading zeros', async () => {
    for (const sep of [';', ',', '\t']) {
      const { formato, righe } = await leggi(Buffer.from(
        `codice_prodotto${sep}descrizione1${sep}pz1\n00123${sep}"Vite 4"" ${sep} zincata"${sep}"1,5"\nA2${sep}Vite 4" zincata${sep}2\n`));
      expect(formato).toMatchObject({ formato: 'csv', separatore: sep });
      expect(righe.map((r) => r.valori)).toEqual([
        ['codice_prodotto', 'descrizione1', 'pz1'], ['00123', `Vite 4" ${sep} zincata`, '1,5'], ['A2', 'Vite 4" zincata', '2'],
      ]);
    }
  });

  it('reads Windows-1252 and UTF-8 (with or without BOM) alike, deciding at the first accent even 100 kB into the file', async () => {
    const ascii = Array.from({ length: 5000 }, (_, i) => `A${i};Vite zincata ${i}`).join('\r\n');
    const inizio = `codice_prodotto;descrizione1\r\n${ascii}\r\nZ1;Cacciavite à croce, Forlì: più `;
    expect(Buffer.byteLength(ascii)).toBeGreaterThan(100_000);
    const utf8 = Buffer.from(`${inizio}€ “Pro” – ‘x’\r\n`, 'utf8');
    const casi = [
      // '€', the typographic quotes and the dash are 0x80–0x9F in Windows-1252, which latin1
      // cannot write and Node 20's own decoder reads as control characters.
      [Buffer.concat([Buffer.from(inizio, 'latin1'), Buffer.from([0x80, 0x20, 0x93, 0x50, 0x72, 0x6f, 0x94, 0x20, 0x96, 0x20, 0x91, 0x78, 0x92, 0x0d, 0x0a])]), 'windows-1252'],
      [utf8, 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]), 'utf-8'],
    ] as const;
    for (const [byte, codifica] of casi) {
      for (const pezzo of [7, 65_536]) {
        const { formato, righe } = await leggiCsv(byte, pezzo);
        expect(formato.codifica).toBe(codifica);
        expect(righe[0].valori).toEqual(['codice_prodotto', 'descrizione1']);
        expect(righe.at(-1)).toEqual({ riga: 5002, valori: ['Z1', 'Cacciavite à croce, Forlì: più € “Pro” – ‘x’'] });
      }
    }
  });

  it('numbers lines as the file shows them: the header is 1, empty lines count, a quoted line break too', async () => {
    const crlf = await leggi(Buffer.from('a;b\r\nA1;"due\r\nrighe"\r\n\r\n;;\r\nA2;x\r\nA3;"q\r\nw"\r\nA4;y\r\n'));
    expect(crlf.righe.map((r) => [r.riga, r.valori[0]])).toEqual([[1, 'a'], [2, 'A1'], [6, 'A2'], [7, 'A3'], [9, 'A4']]);
    const lf = await leggi(Buffer.from('a,b\nA1,"x\ny\nz"\n\nA2,2\n'));
    expect(lf.righe.map((r) => [r.riga, r.valori[0]])).toEqual([[1, 'a'], [2, 'A1'], [6, 'A2']]);
  });

  it('refuses an unclosed quote and an old binary .xls', async () => {
    await expect(leggi(Buffer.from('a;b\nA1;x\nA2;"aperta\nA3;y\n'))).rejects.toThrow('CSV non leggibile (riga 4): virgolette aperte e mai chiuse fino alla fine del file');
    await expect(leggi(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).rejects.toThrow('salvalo come .xlsx o .csv');
  });

  it('reads the first sheet of an XLSX by its row numbers, with numbers, dates, formulas and rich text as values', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Articoli');
    ws.addRow(['codice_prodotto', 'pz1', 'data_creazione', 'descrizione1']);
    ws.addRow(['00123', 12.5, new Date(Date.UTC(2025, 2, 14)), { richText: [{ text: 'Vite ' }, { text: 'zincata' }] }]);
    ws.addRow([]);
    ws.addRow(['A2', { formula: '2*3', result: 6 }, '', 'Forlì']);
    wb.addWorksheet('Altro').addRow(['non letto']);
    const file = path.join(dir, 'a.xlsx');
    await wb.xlsx.writeFile(file);
    const { formato, righe } = await leggi(fs.readFileSync(file));
    expect(formato.formato).toBe('xlsx');
    expect(righe).toEqual([
      { riga: 1, valori: ['codice_prodotto', 'pz1', 'data_creazione', 'descrizione1'] },
      { riga: 2, valori: ['00123', 12.5, new Date(Date.UTC(2025, 2, 14)), 'Vite zincata'] },
      { riga: 4, valori: ['A2', 6, '', 'Forlì'] },
    ]);
  });

  it('reads what other programs write: prefixed tags, inline and rich text, booleans, errors, formulas, date styles, the 1904 calendar', async () => {
    const stili = '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>'
      + '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>'
      + '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="4"/></cellXfs>';
    const testi = '<si><t>Vite</t></si><si><r><t>Bullone </t></r><r><rPr><b/></rPr><t>M8</t></r><rPh sb="0" eb="1"><t>ボ</t></rPh></si>';
    const righe = (giorno: number) => '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>terza</x:t></x:is></x:c></x:row>'
      + `<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" s="1"><v>${giorno}</v></c><c r="C3" s="2"><v>${giorno}.5</v></c><c r="D3" s="3"><v>1234.5</v></c></row>`
      + `<row><c t="b"><v>1</v></c><c t="e"><v>#N/A</v></c><c t="str"><f>A1&amp;"x"</f><v>Vite&amp;x</v></c><c s="1"><f>TODAY()</f><v>${giorno}</v></c><c><f>1/0</f></c></row>`;
    const attese = [
      { riga: 1, valori: ['Vite', '', 'terza'] },
      { riga: 3, valori: ['Bullone M8', new Date(Date.UTC(2025, 2, 14)), new Date(Date.UTC(2025, 2, 14, 12)), 1234.5] },
      { riga: 4, valori: [1, '#N/A', 'Vite&x', new Date(Date.UTC(2025, 2, 14))] },
    ];
    expect((await leggi(xlsx({ righe: righe(45730), testi, stili }))).righe).toEqual(attese);
    expect((await leggi(xlsx({ righe: righe(45730 - 1462), testi, stili, data1904: true }))).righe).toEqual(attese);
  });

  it('reads decimals with a comma or a point, thousands only beside a decimal mark', () => {
    expect(['12,5', '12.5', '1.234,56', '1,234.56', '0,125', '1.234', '-3', '7'].map(leggiDecimale))
      .toEqual(['12.5', '12.5', '1234.56', '1234.56', '0.125', '1.234', '-3', '7']);
    expect(['1.234.567', '1,2,3', 'abc', '', '12,', '1 234,5x'].map(leggiDecimale)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
