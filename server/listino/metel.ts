/**
 * The customer's price list in the Metel layout (020): the header record, then one fixed-width
 * line per product at the positions of METEL_CAMPI, the one definition the import's reader uses
 * too (server/import/lettura/metel.ts); Windows-1252 bytes, CRLF. The client's net price goes in
 * the wholesaler-price field and the list price in the public-price field
 * (docs/decisions/listino-metel-prezzi.md).
 */
import { MARCA_METEL, METEL_CAMPI } from '../import/lettura/metel.js';

type Campo = (typeof METEL_CAMPI)[number][0];
const POSIZIONI = new Map<Campo, readonly [number, number]>(METEL_CAMPI.map(([nome, da, a]) => [nome, [da, a]]));
/** A line reaches the last field's end. */
const LUNGHEZZA = Math.max(...METEL_CAMPI.map(([, , a]) => a));
/** 126–128: the prices' currency, between the multiplier and the unit; the reader does not read it. */
const VALUTA: readonly [number, number] = [126, 128];

/** A line being filled: spaces, then fields at their 1-based inclusive positions. */
class Linea {
  private readonly c: string[] = Array<string>(LUNGHEZZA).fill(' ');
  testo(pos: readonly [number, number], v: string): this {
    const [da, a] = pos;
    // Line breaks or tabs in a description would break the fixed layout.
    const s = v.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, a - da + 1);
    for (let i = 0; i < s.length; i++) this.c[da - 1 + i] = s[i]!;
    return this;
  }
  campo(nome: Campo, v: string): this { return this.testo(POSIZIONI.get(nome)!, v); }
  /** Digits, zero-padded to the field's width (capped at its largest value). */
  cifre(nome: Campo, n: number): this {
    const [da, a] = POSIZIONI.get(nome)!;
    const w = a - da + 1;
    return this.campo(nome, String(Math.min(Math.max(0, Math.round(n)), 10 ** w - 1)).padStart(w, '0'));
  }
  toString(): string { return this.c.join(''); }
}

/** A Metel article: the product as the client's price list holds it. */
export interface ArticoloListino {
  marchio: string;
  codice: string;
  ean: string;
  descrizione: string;
  pezzi: number;
  multiplo: number;
  minimo: number;
  /** Euro per unit, up to 3 decimals. */
  netto: number;
  listino: number;
  um: string;
  famigliaSconto: string;
}

const millesimi = (euro: number) => Math.round(euro * 1000);

/**
 * One article line. Metel prices are cents for `moltiplicatore` units; a price with a third
 * decimal (the portal rounds to 3) is written for 10 units, so that price ÷ 100 ÷ multiplier gives
 * back the exact euro amount.
 */
export function lineaArticolo(a: ArticoloListino): string {
  const terzo = millesimi(a.netto) % 10 !== 0 || millesimi(a.listino) % 10 !== 0;
  const moltiplicatore = terzo ? 10 : 1;
  const importo = (euro: number) => millesimi(euro) * moltiplicatore / 10;
  return new Linea()
    .campo('marchio', a.marchio).campo('codice_metel', a.codice).campo('ean', a.ean).campo('descrizione', a.descrizione)
    .cifre('pezzi_confezione', a.pezzi).cifre('multiplo', a.multiplo).cifre('minimo', a.minimo)
    .cifre('prezzo_grossista', importo(a.netto)).cifre('prezzo_pubblico', importo(a.listino))
    .cifre('moltiplicatore', moltiplicatore).testo(VALUTA, 'EUR').campo('um', a.um)
    // 1: an article on sale (9 would withdraw it); the export holds only products the client can order.
    .campo('stato', '1').campo('famiglia_sconto', a.famigliaSconto)
    .toString();
}

/** The header record: the mark, the list's number (the client's code), the day, a description and the layout 020. */
export function intestazioneListino(clienteCodice: string, oggi: Date): string {
  const giorno = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(oggi).replace(/-/g, '');
  return [
    MARCA_METEL.padEnd(20), ' '.repeat(3), ' '.repeat(11), clienteCodice.slice(-6).padStart(6, '0'), giorno, giorno,
    `Listino cliente ${clienteCodice}`.slice(0, 29).padEnd(30), '020',
  ].join('');
}
