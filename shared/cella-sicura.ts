/**
 * The one rule against formula injection (OWASP "CSV Injection") for every file the portal writes
 * for spreadsheets, CSV (shared/csv.ts) and XLSX (server/lib/xlsx.ts): a text cell that starts
 * like a formula (=, +, -, @, or a tab or line break before one) is run by Excel or LibreOffice
 * when the file is opened or the cell edited. Such text gets a leading apostrophe, which makes it
 * text; the CSV writer also quotes it.
 */
const INIZIO_FORMULA = /^[=+\-@\t\r\n]/;

/**
 * Entirely a number, as Italian or English spreadsheets write it ('-3', '-1,50', '+1.234,5'):
 * digits and separators cannot make a formula, and a negative quantity or price must stay a number.
 */
const NUMERO = /^[+-]?\d+(?:[.,]\d+)*$/;

/** The text as a spreadsheet cell may hold it: unchanged unless it would start a formula. */
export function cellaSicura(testo: string): string {
  return INIZIO_FORMULA.test(testo) && !NUMERO.test(testo) ? `'${testo}` : testo;
}

/** What a spreadsheet may split a CSV text on: another separator (',' ';' tab) or a line break. */
const SEPARATORI = /([,;\t\r\n])/;
/** What it may trim before a cell: blanks, and the quotes it may take as the cell's. */
const VUOTO_INIZIALE = /^[ "]+/;

/**
 * A CSV text field: a reader that splits on another separator than ';' (commas, tabs), or on line
 * breaks inside quotes, sees several cells, and none of them may start a formula
 * ('x,=cmd|…' is 'x,\'=cmd|…'). A would-be cell that is entirely a number stays as it is. One
 * split and one anchored pattern per piece: linear in the text's length (docs/decisions/linear-time-patterns.md).
 */
export function testoCsvSicuro(testo: string): string {
  return cellaSicura(testo).split(SEPARATORI).map((pezzo, i) => {
    if (i % 2 === 1) return pezzo;
    const vuoto = VUOTO_INIZIALE.exec(pezzo)?.[0] ?? '';
    const cella = pezzo.slice(vuoto.length);
    return INIZIO_FORMULA.test(cella) && !NUMERO.test(cella) ? `${vuoto}'${cella}` : pezzo;
  }).join('');
}
