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
function cella(v: CellaXlsx): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return cellaSicura(v);
}

/**
 * The one XLSX writer of the portal (exports of orders, price lists…): one sheet, a header row,
 * then the rows, streamed into `dest` as they come (exceljs's WorkbookWriter: a file of 200,000
 * rows never sits whole in memory). Resolves once `dest` has received the whole file.
 */
export async function scriviXlsx(
  dest: Writable,
  foglio: string,
  intestazione: readonly string[],
  righe: Iterable<readonly CellaXlsx[]> | AsyncIterable<readonly CellaXlsx[]>,
): Promise<void> {
  // Shared strings: text cells as Excel writes them (t="s"), not as formula results (t="str").
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: dest, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet(foglio);
  ws.addRow(intestazione.map(cella)).commit();
  for await (const r of righe) ws.addRow(r.map(cella)).commit();
  ws.commit();
  await wb.commit();
}
