import { cellaSicura } from './cella-sicura.js';

/**
 * CSV as Italian spreadsheets and ERP imports read it: ';' between fields, CRLF between lines, a
 * BOM so that Excel takes it as UTF-8, decimals with a comma. One writer for the server's order
 * files and the browser's downloads; text that would start a formula is neutralised (cella-sicura.ts).
 */
export function campoCsv(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v).replace('.', ',');
  const s = cellaSicura(v);
  // A neutralised cell is quoted too (OWASP): its apostrophe then stays inside the field.
  return s !== v || /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole file: the header, then one line per row. */
export function fileCsv(intestazione: readonly string[], righe: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${[intestazione.map(campoCsv).join(';'), ...righe.map((r) => r.map(campoCsv).join(';'))].join('\r\n')}\r\n`;
}
