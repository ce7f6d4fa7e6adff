import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellaSicura } from '../../shared/cella-sicura.js';

/** A cell as the portal writes it: text, a number, or empty. Never a formula. */
export type CellaXlsx = string | number | null | undefined;

/**
 * Numbers stay numbers (a negative quantity too); text is text, leading zeros of codes kept, and
 * text that would start a formula is neutralised like in the CSV files (shared/cella-sicura.ts).
 * A number without a value (NaN, Infinity) has no XLSX form: an empty cell, not a broken file.
 */
function cella(v: CellaXlsx, inLinea: boolean): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  // exceljs writes a rich text without shared strings as an inline string (t="inlineStr").
  return inLinea ? { richText: [{ text: cellaSicura(v) }] } : cellaSicura(v);
}

/**
 * The one XLSX writer of the portal (exports of orders, price lists…): one sheet, a header row,
 * then the rows, streamed into `dest` as they come (exceljs's WorkbookWriter). Resolves once
 * `dest` has received the whole file.
 * Text cells are shared strings (t="s", as Excel writes them, not t="str", a formula's result),
 * whose table exceljs keeps in memory until the end; `testiInLinea` writes each text in its cell
 * instead (t="inlineStr"), for files of hundreds of thousands of distinct texts (the customer's
 * price list), so that nothing of the file stays in memory (docs/decisions/listino-export.md).
 */
export async function scriviXlsx(
  dest: Writable,
  foglio: string,
  intestazione: readonly string[],
  righe: Iterable<readonly CellaXlsx[]> | AsyncIterable<readonly CellaXlsx[]>,
  { testiInLinea = false }: { testiInLinea?: boolean } = {},
): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: dest, useSharedStrings: !testiInLinea, useStyles: false });
  const ws = wb.addWorksheet(foglio);
  const celle = (r: readonly CellaXlsx[]) => r.map((v) => cella(v, testiInLinea));
  ws.addRow(celle(intestazione)).commit();
  for await (const r of righe) ws.addRow(celle(r)).commit();
  ws.commit();
  await wb.commit();
}
