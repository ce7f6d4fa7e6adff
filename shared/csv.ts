import { testoCsvSicuro } from './cella-sicura.js';

/**
 * A decimal as the database writes it ('1.250'): a number in the file, its decimals kept ('1,250').
 * Anything else in it is written as text.
 */
export class DecimaleCsv {
  constructor(readonly testo: string) {}
}

/** What a CSV cell holds: text (always quoted), a number (never quoted), or nothing. */
export type CellaCsv = string | number | DecimaleCsv | null | undefined;

const DECIMALE = /^-?\d+(?:\.\d+)?$/;

/**
 * CSV as Italian spreadsheets and ERP imports read it (RFC 4180 with ';'): ';' between fields, CRLF
 * between lines, a BOM so that Excel takes it as UTF-8, decimals with a comma. One writer for the
 * server's files and the browser's downloads. Every text is quoted, so that a reader never mistakes
 * it for a number or splits it on a ';' inside, and no part of it that a spreadsheet could take for
 * a cell starts a formula (cella-sicura.ts); numbers stay bare numbers.
 */
export function campoCsv(v: CellaCsv): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v).replace('.', ',') : '';
  if (v instanceof DecimaleCsv) return DECIMALE.test(v.testo) ? v.testo.replace('.', ',') : campoCsv(v.testo);
  return `"${testoCsvSicuro(v).replace(/"/g, '""')}"`;
}

/** The first bytes of every CSV file: the BOM. */
export const INIZIO_FILE_CSV = '\uFEFF';

/** One line of a file, its line break included. */
export const rigaCsv = (celle: readonly CellaCsv[]): string => `${celle.map(campoCsv).join(';')}\r\n`;

/** A whole file: the header, then one line per row. */
export function fileCsv(intestazione: readonly string[], righe: readonly (readonly CellaCsv[])[]): string {
  return INIZIO_FILE_CSV + [intestazione, ...righe].map(rigaCsv).join('');
}
