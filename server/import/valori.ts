/**
 * The values of import cells, as zod schemas with Italian reasons. A cell arrives trimmed, as text
 * (CSV) or as a number or date (XLSX); an empty cell never reaches these schemas unless its field
 * has no value for "empty" (then it is refused as missing, see campi.ts).
 */
import { z } from 'zod';
import '../../shared/common.js';
import { senzaFinali } from '../../shared/stringhe.js';
import type { Cella } from './lettura/tipi.js';

const MANCANTE = 'valore mancante';
const CONTROLLO = /[\u0000-\u001f\u007f]/;

/** The cell as text: numbers as written, dates as yyyy-mm-dd. */
const comeTesto = (v: Cella): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

/** One line of text up to `max` characters; U+FFFD means bytes of another encoding. */
export const testo = (max: number) => z.custom<Cella>().transform((v, ctx) => {
  const s = comeTesto(v);
  if (s === '') ctx.addIssue({ code: 'custom', message: MANCANTE });
  else if (s.length > max) ctx.addIssue({ code: 'custom', message: `più lungo di ${max} caratteri` });
  else if (CONTROLLO.test(s)) ctx.addIssue({ code: 'custom', message: 'contiene caratteri di controllo' });
  else if (s.includes('\ufffd')) ctx.addIssue({ code: 'custom', message: 'contiene caratteri illeggibili: il file mescola codifiche diverse' });
  else return s;
  return z.NEVER;
});

/** A code (product, client, category, brand): text that keeps its leading zeros, no line breaks. */
export const codice = testo(50);

/**
 * A decimal number written with a comma or a point: '1234,5', '1234.5', and with thousands only
 * when both appear ('1.234,5', '1,234.5': the last one is the decimal mark). '1.234' alone is
 * 1.234, never 1234: a price list with three decimals must read as written. Returns the number
 * as text ('1234.500'), exact, for numeric columns.
 */
export function leggiDecimale(s: string): string | undefined {
  const t = s.replace(/\s/g, '');
  const m = /^([+-]?)(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d+))?$/.exec(t);
  if (!m) return undefined;
  const [, segno, intera, migliaia, decimale, frazione] = m;
  // '1,234' alone: one separator, so it is the decimal mark, not a thousands one.
  if (migliaia && !decimale) {
    if (intera.split(migliaia).length !== 2) return undefined;
    const [i, f] = intera.split(migliaia);
    return `${segno}${i}.${f}`;
  }
  if (migliaia && migliaia === decimale) return undefined;
  const cifre = migliaia ? intera.split(migliaia).join('') : intera;
  return frazione === undefined ? `${segno}${cifre}` : `${segno}${cifre}.${frazione}`;
}

/** A decimal within [min, max] with at most `decimali` decimals (zeros beyond them are fine). */
export const decimale = (o: { min: number; max: number; decimali: number }) => z.custom<Cella>().transform((v, ctx) => {
  let testoNumero: string | undefined;
  if (typeof v === 'number') {
    // XLSX numbers are doubles: 12.345 may arrive as 12.345000000000001.
    const fissato = v.toFixed(o.decimali);
    testoNumero = Math.abs(Number(fissato) - v) < 1e-9 ? fissato : String(v);
  } else if (typeof v === 'string') testoNumero = leggiDecimale(v);
  if (testoNumero === undefined) {
    ctx.addIssue({ code: 'custom', message: 'non è un numero' });
    return z.NEVER;
  }
  const frazione = senzaFinali(testoNumero.split('.')[1] ?? '', '0');
  if (frazione.length > o.decimali) {
    ctx.addIssue({ code: 'custom', message: o.decimali === 0 ? 'deve essere un numero intero' : `al massimo ${o.decimali} decimali` });
    return z.NEVER;
  }
  const n = Number(testoNumero);
  if (n < o.min || n > o.max) {
    ctx.addIssue({ code: 'custom', message: `deve essere tra ${o.min.toLocaleString('it-IT')} e ${o.max.toLocaleString('it-IT')}` });
    return z.NEVER;
  }
  return n.toFixed(o.decimali);
});

/** An integer within [min, max] ('12', '12,000' and a whole XLSX number alike). */
export const intero = (min: number, max: number) => decimale({ min, max, decimali: 0 }).transform(Number);

/** 0 or 1, also written as S/N, sì/no, vero/falso. */
export const siNo = z.custom<Cella>().transform((v, ctx) => {
  const s = comeTesto(v).toLowerCase();
  if (['1', 's', 'si', 'sì', 'true', 'vero', 'x'].includes(s)) return 1;
  if (['0', 'n', 'no', 'false', 'falso'].includes(s)) return 0;
  ctx.addIssue({ code: 'custom', message: 'deve essere 0 o 1 (o S/N)' });
  return z.NEVER;
});

/** A date as dd/mm/yyyy (also with - or .), yyyy-mm-dd, or an XLSX date cell; text yyyy-mm-dd. */
export const data = z.custom<Cella>().transform((v, ctx) => {
  let a: number; let m: number; let g: number;
  if (v instanceof Date) [a, m, g] = [v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate()];
  else {
    const s = comeTesto(v);
    const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
    const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
    if (it) [g, m, a] = [Number(it[1]), Number(it[2]), Number(it[3])];
    else if (iso) [a, m, g] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else {
      ctx.addIssue({ code: 'custom', message: 'non è una data (gg/mm/aaaa)' });
      return z.NEVER;
    }
  }
  const d = new Date(Date.UTC(a, m - 1, g));
  if (a < 1900 || a > 2999 || d.getUTCMonth() !== m - 1 || d.getUTCDate() !== g) {
    ctx.addIssue({ code: 'custom', message: 'data inesistente' });
    return z.NEVER;
  }
  return d.toISOString().slice(0, 10);
});

export const email = z.custom<Cella>().transform(comeTesto).pipe(z.email('indirizzo e-mail non valido').max(200));

/** GTIN check digit (EAN-8, UPC-12, EAN-13, GTIN-14): weights 3 and 1 from the right. */
export function gtinValido(s: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(s)) return false;
  let somma = 0;
  for (let i = s.length - 2, peso = 3; i >= 0; i--, peso = 4 - peso) somma += Number(s[i]) * peso;
  return (10 - (somma % 10)) % 10 === Number(s[s.length - 1]);
}

/** Separator of the values of a list cell (EAN, supplier and article codes): 'A1|A2'. */
export const SEPARATORE_ELENCO = '|';

/** A list of codes in one cell, `|` between them; each checked by `voce`. Empty cell: no codes. */
export const elenco = (voce: (s: string) => string | undefined) => z.custom<Cella>().transform((v, ctx) => {
  const voci = comeTesto(v).split(SEPARATORE_ELENCO).map((s) => s.trim()).filter(Boolean);
  for (const s of voci) {
    const errore = voce(s);
    if (errore) {
      ctx.addIssue({ code: 'custom', message: errore });
      return z.NEVER;
    }
  }
  return [...new Set(voci)];
});

export const codiceInElenco = (s: string) => (s.length > 50 ? `codice '${s}' più lungo di 50 caratteri` : CONTROLLO.test(s) ? 'contiene caratteri di controllo' : undefined);
export const eanInElenco = (s: string) => (gtinValido(s) ? undefined : `EAN '${s}' non valido (8, 12, 13 o 14 cifre con la cifra di controllo giusta)`);
