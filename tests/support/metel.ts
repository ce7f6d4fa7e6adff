/**
 * Metel price-list files built in tests (server/import/lettura/metel.ts reads them): a header
 * record, then one fixed-width line per article, CRLF between lines, Windows-1252 bytes.
 */
export interface ArticoloMetel {
  marchio: string;
  codice: string;
  ean?: string;
  descrizione: string;
  pezzi?: number;
  multiplo?: number;
  minimo?: number;
  /** Prices in cents for `moltiplicatore` units, as the file holds them (11 digits). */
  grossista: number;
  pubblico: number;
  moltiplicatore?: number;
  um?: string;
  /** '9' = withdrawn. */
  stato?: string;
  famigliaSconto?: string;
  famigliaStatistica?: string;
}

const campo = (v: string, lunghezza: number) => v.padEnd(lunghezza, ' ').slice(0, lunghezza);
const cifre = (n: number, lunghezza: number) => String(n).padStart(lunghezza, '0');

/** One article line: every field at its Metel position; the 021 layout carries 23 more characters after position 177. */
export function lineaMetel(a: ArticoloMetel, layout: '020' | '021' = '020'): string {
  const linea = [
    campo(a.marchio, 3), campo(a.codice, 16), campo(a.ean ?? '', 13), campo(a.descrizione, 43),
    cifre(a.pezzi ?? 1, 5), cifre(a.multiplo ?? 1, 5), cifre(a.minimo ?? 1, 5),
    campo('', 7), // 91–97: maximum quantity and lead time, not read
    cifre(a.grossista, 11), cifre(a.pubblico, 11), cifre(a.moltiplicatore ?? 1, 6),
    'EUR', campo(a.um ?? 'PZ', 3), ' ', campo(a.stato ?? '1', 1),
    campo('20260101', 8), // 134–141: the price's date, not read
    campo(a.famigliaSconto ?? '', 18), campo(a.famigliaStatistica ?? '', 18),
  ].join('');
  return layout === '021' ? linea + campo('', 23) : linea;
}

/** The header record: mark, brand, VAT number, list number, dates, description, layout. */
export function intestazioneMetel(marchio: string, layout: '020' | '021' = '020'): string {
  return [campo('LISTINO METEL', 20), campo(marchio, 3), '01234567890', '000001', '20260101', '20260101',
    campo('Listino prezzi', 30), layout].join('');
}

/** A whole file as an ERP sends it: Windows-1252 (the € sign as 0x80), CRLF. */
export function fileMetel(marchio: string, articoli: ArticoloMetel[], layout: '020' | '021' = '020'): Buffer {
  const testo = [intestazioneMetel(marchio, layout), ...articoli.map((a) => lineaMetel(a, layout))].join('\r\n') + '\r\n';
  return Buffer.from(testo.replace(/€/g, '\x80'), 'latin1');
}
