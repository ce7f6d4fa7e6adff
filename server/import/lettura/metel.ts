/**
 * Rows of a Metel price list (the Italian electrical and hardware trade's fixed-width format,
 * layouts 020 and 021): a header record that begins with `LISTINO METEL`, then one article per
 * line, each field at fixed positions (1-based, inclusive, as the trade's documents count them).
 * Windows-1252 text, as the format prescribes (a UTF-8 file is read too: codifica.ts decides).
 * The rows are handed on as a CSV's would be: a header of field names (METEL_CAMPI) first, then
 * each line's fields, trimmed; what each field means is the import kind's (server/import/tipi/metel.ts).
 */
import { decodifica } from './codifica.js';
import { type LimitiLettura, numero } from './limiti.js';
import { FileNonValido, type FormatoLetto, OltreLimite, type RigaGrezza } from './tipi.js';

/** The header record's mark, at position 1. */
export const MARCA_METEL = 'LISTINO METEL';

/** The article record's fields: name and positions [from, to], 1-based inclusive. */
export const METEL_CAMPI = [
  ['marchio', 1, 3],
  ['codice_metel', 4, 19],
  ['ean', 20, 32],
  ['descrizione', 33, 75],
  ['pezzi_confezione', 76, 80],
  ['multiplo', 81, 85],
  ['minimo', 86, 90],
  ['prezzo_grossista', 98, 108],
  ['prezzo_pubblico', 109, 119],
  ['moltiplicatore', 120, 125],
  ['um', 129, 131],
  ['stato', 133, 133],
  ['famiglia_sconto', 142, 159],
  ['famiglia_statistica', 160, 177],
] as const;

/** An article record reaches at least its status (position 133); fields after it may be cut with their trailing spaces. */
const LUNGHEZZA_MINIMA = 133;
/** The longest line read: the 021 layout's record with room to spare. A file without line breaks is refused here. */
const MAX_RIGA = 2_000;

/** The layout named in the header (020 or 021), if it names one. */
export function layoutMetel(intestazione: string): string | undefined {
  return /\b(02[01])\b/.exec(intestazione.slice(MARCA_METEL.length))?.[1];
}

/** Lines of the decoded text, with their number; a line longer than MAX_RIGA refuses the file. */
async function* linee(testo: AsyncIterable<string>): AsyncGenerator<{ n: number; linea: string }> {
  let resto = '';
  let n = 0;
  for await (const pezzo of testo) {
    resto += pezzo;
    let i: number;
    while ((i = resto.indexOf('\n')) >= 0) {
      yield { n: ++n, linea: resto.slice(0, i).replace(/\r$/, '') };
      resto = resto.slice(i + 1);
    }
    if (resto.length > MAX_RIGA) throw new FileNonValido(`Riga ${n + 1}: oltre ${numero(MAX_RIGA)} caratteri, non è un listino Metel`);
  }
  if (resto.replace(/\r$/, '') !== '') yield { n: ++n, linea: resto.replace(/\r$/, '') };
}

/**
 * The rows of a Metel file: the field names as line 1 (the header record's place), then one row
 * per article line. A line too short for an article is refused at its number; a file whose first
 * line is not a Metel header is not a Metel file.
 */
export async function* righeMetel(bytes: AsyncIterable<Buffer>, formato: FormatoLetto, limiti: LimitiLettura): AsyncGenerator<RigaGrezza> {
  formato.formato = 'metel';
  const righe = linee(decodifica(bytes, (c) => { formato.codifica = c; }));
  const prima = await righe.next();
  if (prima.done || !prima.value.linea.startsWith(MARCA_METEL)) {
    throw new FileNonValido(`Un listino Metel comincia con la riga '${MARCA_METEL}'`);
  }
  formato.layout = layoutMetel(prima.value.linea);
  yield { riga: 1, valori: METEL_CAMPI.map(([nome]) => nome) };
  for await (const { n, linea } of righe) {
    if (linea.trim() === '') continue;
    if (linea.length < LUNGHEZZA_MINIMA) {
      throw new FileNonValido(`Riga ${n}: ${numero(linea.length)} caratteri, un articolo Metel ne ha almeno ${LUNGHEZZA_MINIMA}`);
    }
    if (n > limiti.righe) throw new OltreLimite(`Il file supera il limite di ${numero(limiti.righe)} righe (riga ${n})`);
    yield { riga: n, valori: METEL_CAMPI.map(([, da, a]) => linea.slice(da - 1, a).trim()) };
  }
}
