/**
 * The cells a spreadsheet sees in a CSV text when it splits on any separator (',' ';' tab, line
 * breaks) and ignores the quotes, the blanks and quotes it may trim removed: the reading the
 * formula rule of shared/cella-sicura.ts holds against.
 */
export const celleIngenue = (csv: string): string[] => csv.split(/[,;\t\r\n]/).map((c) => c.replace(/^[\s"]+/, ''));

/** Those of them that a spreadsheet would run as a formula (a cell that is entirely a number is a number). */
export const celleFormula = (csv: string): string[] =>
  celleIngenue(csv).filter((c) => /^[=+\-@]/.test(c) && !/^[+-]?\d+(?:[.,]\d+)*$/.test(c));
