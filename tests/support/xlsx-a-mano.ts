/**
 * Zip archives and XLSX workbooks written by hand, byte by byte, for the import's tests: what no
 * spreadsheet program writes (a part that declares a few bytes and inflates to megabytes, a
 * million shared strings of one letter, cells of tens of MiB) in files of a few kilobytes.
 */
import zlib from 'node:zlib';

export interface ParteZip {
  nome: string;
  dati: string | Buffer;
}

export function zip(parti: ParteZip[]): Buffer {
  const locali: Buffer[] = [];
  const indice: Buffer[] = [];
  let offset = 0;
  for (const p of parti) {
    const dati = typeof p.dati === 'string' ? Buffer.from(p.dati) : p.dati;
    const compressi = zlib.deflateRawSync(dati);
    const nome = Buffer.from(p.nome);
    const crc = zlib.crc32(dati);
    const dichiarati = dati.length;
    const l = Buffer.alloc(30);
    l.writeUInt32LE(0x04034b50, 0);
    l.writeUInt16LE(20, 4);
    l.writeUInt16LE(0x800, 6);
    l.writeUInt16LE(8, 8);
    l.writeUInt32LE(crc, 14);
    l.writeUInt32LE(compressi.length, 18);
    l.writeUInt32LE(dichiarati, 22);
    l.writeUInt16LE(nome.length, 26);
    locali.push(l, nome, compressi);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x800, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(compressi.length, 20);
    c.writeUInt32LE(dichiarati, 24);
    c.writeUInt16LE(nome.length, 28);
    c.writeUInt32LE(offset, 42);
    indice.push(c, nome);
    offset += 30 + nome.length + compressi.length;
  }
  const cd = Buffer.concat(indice);
  const fine = Buffer.alloc(22);
  fine.writeUInt32LE(0x06054b50, 0);
  fine.writeUInt16LE(parti.length, 8);
  fine.writeUInt16LE(parti.length, 10);
  fine.writeUInt32LE(cd.length, 12);
  fine.writeUInt32LE(offset, 16);
  return Buffer.concat([...locali, cd, fine]);
}

/** A copy of `archivio` whose part `nome` declares `dichiarati` inflated bytes, in its local header and in the index. */
export function dichiara(archivio: Buffer, nome: string, dichiarati: number): Buffer {
  const b = Buffer.from(archivio);
  const n = Buffer.from(nome);
  for (const [firma, testa, campo] of [[0x04034b50, 30, 22], [0x02014b50, 46, 24]] as const) {
    for (let i = b.indexOf(n); i >= 0; i = b.indexOf(n, i + 1)) {
      if (i >= testa && b.readUInt32LE(i - testa) === firma) b.writeUInt32LE(dichiarati, i - testa + campo);
    }
  }
  return b;
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface Cartella {
  /** The rows: what goes inside <sheetData>. */
  righe: string | Buffer;
  /** What goes inside <sst> (the <si> elements), if any. */
  testi?: string | Buffer;
  /** What goes inside <styleSheet>, if any. */
  stili?: string;
  data1904?: boolean;
}

const xml = (apertura: string, corpo: string | Buffer, chiusura: string) =>
  (typeof corpo === 'string' ? `${apertura}${corpo}${chiusura}` : Buffer.concat([Buffer.from(apertura), corpo, Buffer.from(chiusura)]));

/** A workbook of one sheet, written as Excel orders its parts: the sheet before strings and styles. */
export function xlsx(c: Cartella): Buffer {
  const rel = (id: string, tipo: string, dest: string) => `<Relationship Id="${id}" Type="${REL}/${tipo}" Target="${dest}"/>`;
  return zip([
    {
      nome: '[Content_Types].xml',
      dati: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    },
    { nome: '_rels/.rels', dati: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>` },
    { nome: 'xl/workbook.xml', dati: `<workbook ${NS}>${c.data1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="Foglio1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      nome: 'xl/_rels/workbook.xml.rels',
      dati: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'worksheet', 'worksheets/sheet1.xml')}`
        + `${rel('rId2', 'sharedStrings', 'sharedStrings.xml')}${rel('rId3', 'styles', 'styles.xml')}</Relationships>`,
    },
    { nome: 'xl/worksheets/sheet1.xml', dati: xml(`<worksheet ${NS}><sheetData>`, c.righe, '</sheetData></worksheet>') },
    ...(c.testi === undefined ? [] : [{ nome: 'xl/sharedStrings.xml', dati: xml(`<sst ${NS}>`, c.testi, '</sst>') }]),
    ...(c.stili === undefined ? [] : [{ nome: 'xl/styles.xml', dati: `<styleSheet ${NS}>${c.stili}</styleSheet>` }]),
  ]);
}

/** An inline-string cell. */
export const testo = (rif: string, t: string) => `<c r="${rif}" t="inlineStr"><is><t>${t}</t></is></c>`;
