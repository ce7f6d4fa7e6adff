/**
 * Rows of the first sheet of an XLSX workbook, read with exceljs's streaming WorkbookReader: the
 * zip is read as it arrives and rows are handed on one at a time (shared strings and styles are
 * kept, the latter so that date cells come as dates).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { FileNonValido, type Cella, type RigaGrezza } from './tipi.js';

/** A cell's value as the importer reads it: formulas by their result, rich text as its text. */
function cella(v: ExcelJS.CellValue): Cella {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return v.result === undefined ? '' : cella(v.result as ExcelJS.CellValue);
  if ('formula' in v || 'sharedFormula' in v) return '';
  if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : '';
  if ('error' in v) return String(v.error);
  return '';
}

export async function* righeXlsx(bytes: AsyncIterable<Buffer>): AsyncGenerator<RigaGrezza> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore',
  });
  try {
    for await (const foglio of reader) {
      for await (const row of foglio) {
        // row.values is 1-based (index 0 empty) and sparse.
        const valori = row.values as ExcelJS.CellValue[];
        const celle: Cella[] = [];
        for (let i = 1; i < valori.length; i++) celle.push(cella(valori[i]));
        yield { riga: row.number, valori: celle };
      }
      return;
    }
  } catch (err) {
    if (err instanceof FileNonValido) throw err;
    throw new FileNonValido(`File XLSX non leggibile: ${(err as Error).message}`);
  }
  throw new FileNonValido('Il file XLSX non contiene fogli');
}
