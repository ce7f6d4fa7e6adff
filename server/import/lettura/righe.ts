/**
 * The rows of an import file, whatever its format: CSV (any separator, UTF-8 or Windows-1252) or
 * XLSX, told apart by the first bytes (an XLSX is a zip archive), never by the file's name.
 */
import { righeCsv } from './csv.js';
import { FileNonValido, type FormatoLetto, type RigaGrezza } from './tipi.js';
import { righeXlsx } from './xlsx.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The compound-file signature of the old binary .xls (and .doc). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const inizia = (b: Buffer, firma: number[]) => firma.every((x, i) => b[i] === x);

/** The rows of `bytes`, header first, empty rows left out. */
export async function* righeFile(bytes: AsyncIterable<Buffer>, formato: FormatoLetto): AsyncGenerator<RigaGrezza> {
  const it = bytes[Symbol.asyncIterator]();
  let primo = Buffer.alloc(0);
  // A few bytes are enough to tell the formats apart; a stream may hand out tiny chunks.
  while (primo.length < 4) {
    const n = await it.next();
    if (n.done) break;
    primo = Buffer.concat([primo, n.value as Buffer]);
  }
  const tutto = (async function* () {
    try {
      if (primo.length) yield primo;
      for (let n = await it.next(); !n.done; n = await it.next()) yield n.value as Buffer;
    } finally {
      // Stopped early (a refused file): a file stream's iterator closes the file on return.
      await it.return?.();
    }
  })();
  if (inizia(primo, OLE)) throw new FileNonValido('File Excel .xls (formato binario) non letto: salvalo come .xlsx o .csv');
  formato.formato = inizia(primo, ZIP) ? 'xlsx' : 'csv';
  const righe = formato.formato === 'xlsx' ? righeXlsx(tutto) : righeCsv(tutto, formato);
  for await (const r of righe) {
    if (r.valori.every((v) => v === '' || (typeof v === 'string' && v.trim() === ''))) continue;
    yield r;
  }
}
