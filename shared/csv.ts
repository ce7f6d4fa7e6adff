/**
 * CSV as Italian spreadsheets and ERP imports read it: ';' between fields, CRLF between lines, a
 * BOM so that Excel takes it as UTF-8. One writer for the server's order files and the browser's
 * downloads.
 */
export function campoCsv(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole file: the header, then one line per row. */
export function fileCsv(intestazione: readonly string[], righe: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${[intestazione.join(';'), ...righe.map((r) => r.map(campoCsv).join(';'))].join('\r\n')}\r\n`;
}
