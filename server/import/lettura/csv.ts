/**
 * Rows of a CSV file as ERPs export it: `;`, `,` or tab between fields (whichever the header line
 * uses most), fields optionally in double quotes (csv-parse, streaming: RFC 4180 quoting, line
 * breaks inside quotes, and a lone `"` inside a field kept as an inch mark: 'Vite 4" zincata').
 */
import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { decodifica } from './codifica.js';
import { type LimitiLettura, numero } from './limiti.js';
import { FileNonValido, type FormatoLetto, OltreLimite, type RigaGrezza } from './tipi.js';

const SEPARATORI = [';', ',', '\t'] as const;
/** The longest row: every column at its longest cell. Past it csv-parse stops (a whole file quoted wrong is one ever-growing field). */
const maxRiga = (l: LimitiLettura) => l.colonne * l.caratteriCella;

/** The separator the header line uses most, counting outside quotes (`;` when it has none). */
export function separatoreDi(intestazione: string): string {
  const conta = new Map<string, number>(SEPARATORI.map((s) => [s, 0]));
  let virgolette = false;
  for (const ch of intestazione) {
    if (ch === '"') virgolette = !virgolette;
    else if (!virgolette && conta.has(ch)) conta.set(ch, conta.get(ch)! + 1);
  }
  let migliore: string = ';';
  for (const s of SEPARATORI) if (conta.get(s)! > conta.get(migliore)!) migliore = s;
  return migliore;
}

/** The decoded text with its first line read ahead, to choose the separator before parsing. */
async function conIntestazione(testo: AsyncGenerator<string>, max: number): Promise<{ prima: string; testo: AsyncIterable<string> }> {
  let letto = '';
  // No further than the longest row: a file without line breaks is not read whole here.
  while (letto.length <= max) {
    const n = await testo.next();
    if (n.done) break;
    letto += n.value;
    if (n.value.includes('\n')) break;
  }
  const fine = letto.indexOf('\n');
  const prima = fine < 0 ? letto : letto.slice(0, fine);
  return {
    prima,
    testo: (async function* () {
      yield letto;
      yield* testo;
    })(),
  };
}

const MOTIVI: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'virgolette aperte e mai chiuse fino alla fine del file',
  CSV_INVALID_CLOSING_QUOTE: 'testo subito dopo le virgolette di chiusura',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'testo subito dopo le virgolette di chiusura',
};

/** A row within the limits' columns and cell length, or the file is refused at its line. */
function controllaRiga(riga: number, record: string[], l: LimitiLettura): void {
  if (record.length > l.colonne) {
    throw new OltreLimite(`Riga ${riga}: ${numero(record.length)} colonne, oltre il limite di ${numero(l.colonne)}`);
  }
  for (let i = 0; i < record.length; i++) {
    if (record[i].length > l.caratteriCella) {
      throw new OltreLimite(`Riga ${riga}, colonna ${i + 1}: una cella di ${numero(record[i].length)} caratteri `
        + `supera il limite di ${numero(l.caratteriCella)}`);
    }
  }
}

/**
 * Fields of each row as the file holds them; `riga` is the line where the row starts. `formato`
 * learns the separator at once and the encoding when the text shows it.
 */
export async function* righeCsv(bytes: AsyncIterable<Buffer>, formato: FormatoLetto, limiti: LimitiLettura): AsyncGenerator<RigaGrezza> {
  const max = maxRiga(limiti);
  const { prima, testo } = await conIntestazione(decodifica(bytes, (c) => { formato.codifica = c; }), max);
  const separatore = separatoreDi(prima);
  formato.separatore = separatore;
  const parser = Readable.from(testo).pipe(parse({
    delimiter: separatore,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    // Empty lines come as rows of one empty field (righeFile leaves them out): counting lines
    // here is exact and far cheaper than csv-parse's `info`, which copies an object per row.
    skip_empty_lines: false,
    max_record_size: max,
  }));
  let riga = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      controllaRiga(riga, record, limiti);
      yield { riga, valori: record };
      riga++;
      for (let i = 0; i < record.length; i++) {
        const v = record[i];
        if (!v.includes('\n') && !v.includes('\r')) continue;
        // A CRLF inside quotes is one line break; a \r ending the last field is the rest of a
        // CRLF in a file whose lines end with LF (csv-parse took \n as the row separator).
        const interno = i === record.length - 1 ? v.replace(/\r$/, '') : v;
        riga += interno.match(/\r\n|\r|\n/g)?.length ?? 0;
      }
    }
  } catch (err) {
    // csv-parse's own count: rows it had parsed may not have reached this loop yet.
    const e = err as CsvError & { lines?: number };
    if (e.code === 'CSV_MAX_RECORD_SIZE') {
      throw new OltreLimite(`CSV non leggibile (riga ${e.lines ?? riga}): riga di oltre ${numero(max)} caratteri `
        + `(una cella può averne al massimo ${numero(limiti.caratteriCella)})`);
    }
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      throw new FileNonValido(`CSV non leggibile (riga ${e.lines ?? riga}): ${MOTIVI[e.code] ?? e.message}`);
    }
    throw err;
  }
}
