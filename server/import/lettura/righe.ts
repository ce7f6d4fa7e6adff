/**
 * The rows of an import file, whatever its format: CSV (any separator, UTF-8 or Windows-1252),
 * XLSX or a Metel price list, told apart by the first bytes (an XLSX is a zip archive, a Metel
 * list begins with `LISTINO METEL`), never by the file's name.
 */
import fs from 'node:fs';
import { righeCsv } from './csv.js';
import { MARCA_METEL, righeMetel } from './metel.js';
import { LIMITI_IMPORT, type LimitiLettura, numero } from './limiti.js';
import { FileNonValido, type FormatoLetto, OltreLimite, type Progresso, type RigaGrezza } from './tipi.js';
import { righeXlsx } from './xlsx.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The compound-file signature of the old binary .xls (and .doc). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const inizia = (b: Buffer, firma: number[]) => firma.every((x, i) => b[i] === x);

async function primiByte(file: string): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const b = Buffer.alloc(MARCA_METEL.length);
    const { bytesRead } = await fh.read(b, 0, b.length, 0);
    return b.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The bytes of a CSV file as they are read, counted for `progresso`. */
async function* contati(file: string, progresso?: Progresso): AsyncGenerator<Buffer> {
  if (progresso) progresso.totale = (await fs.promises.stat(file)).size;
  for await (const b of fs.createReadStream(file)) {
    if (progresso) progresso.letti += (b as Buffer).length;
    yield b as Buffer;
  }
}

export interface OpzioniLettura {
  /** The import's unless the caller has its own (the quick order). */
  limiti?: LimitiLettura;
  progresso?: Progresso;
}

/** The rows of `file`, header first, empty rows left out; at most `limiti.righe` rows, empty ones included. */
export async function* righeFile(file: string, formato: FormatoLetto, { limiti = LIMITI_IMPORT, progresso }: OpzioniLettura = {}): AsyncGenerator<RigaGrezza> {
  const primo = await primiByte(file);
  if (inizia(primo, OLE)) throw new FileNonValido('File Excel .xls (formato binario) non letto: salvalo come .xlsx o .csv');
  formato.formato = inizia(primo, ZIP) ? 'xlsx' : primo.toString('latin1') === MARCA_METEL ? 'metel' : 'csv';
  const righe = formato.formato === 'xlsx' ? righeXlsx(file, limiti, progresso)
    : formato.formato === 'metel' ? righeMetel(contati(file, progresso), formato, limiti)
    : righeCsv(contati(file, progresso), formato, limiti);
  let n = 0;
  for await (const r of righe) {
    if (++n > limiti.righe) {
      throw new OltreLimite(`Il file supera il limite di ${numero(limiti.righe)} righe (riga ${r.riga})`);
    }
    if (r.valori.every((v) => v === '' || (typeof v === 'string' && v.trim() === ''))) continue;
    yield r;
  }
}
