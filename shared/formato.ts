/**
 * The Italian amounts of the SPA (web/lib/formato.ts re-exports them) and of the server's documents
 * (the order PDF), so that a price reads the same on a screen and on paper.
 *
 * Written by hand, not with Intl.NumberFormat: the browser's first Intl formatter loads the
 * locale's data, 20–35 ms of main thread on this machine (×4 on Lighthouse's mobile), paid by
 * every shop page that shows a price (docs/decisions/formati-senza-intl.md). The output is Intl's
 * it-IT output, character for character (tests/unit/formato.test.ts compares them).
 */
import { senzaFinali } from './stringhe.js';

/** How the integer part is grouped: always from four digits, or it-IT's default (from five: '1234', '12.345'). */
export type Raggruppamento = 'sempre' | 'da5';

let intlDiRiserva: Map<string, Intl.NumberFormat> | undefined;

/** '1234567' → '1.234.567': a '.' before every third digit from the right, by slicing (a lookahead would rescan the tail at each digit). */
function migliaia(intera: string): string {
  const primo = intera.length % 3 || 3;
  let out = intera.slice(0, primo);
  for (let i = primo; i < intera.length; i += 3) out += `.${intera.slice(i, i + 3)}`;
  return out;
}

/**
 * `n` in it-IT with `min`–`max` decimals, rounded half away from zero on its shortest decimal
 * form (Intl's 'halfExpand'), '.' between thousands and ',' before the decimals. What Intl would
 * write for `{ minimumFractionDigits: min, maximumFractionDigits: max, useGrouping }`.
 */
export function numeroIt(n: number, min: number, max: number, gruppi: Raggruppamento = 'sempre'): string {
  const testo = Math.abs(n).toString();
  if (!Number.isFinite(n) || testo.includes('e')) {
    // Infinity, NaN, and the tiny or huge numbers written with an exponent: Intl's own words.
    intlDiRiserva ??= new Map();
    const chiave = `${min}:${max}:${gruppi}`;
    let f = intlDiRiserva.get(chiave);
    if (!f) {
      f = new Intl.NumberFormat('it-IT', {
        minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: (gruppi === 'sempre' ? 'always' : 'auto') as unknown as boolean,
      });
      intlDiRiserva.set(chiave, f);
    }
    return f.format(n);
  }
  const punto = testo.indexOf('.');
  let intera = punto < 0 ? testo : testo.slice(0, punto);
  let decimali = punto < 0 ? '' : testo.slice(punto + 1);
  if (decimali.length > max) {
    const arrotonda = decimali.charCodeAt(max) >= 53; // '5'
    decimali = decimali.slice(0, max);
    if (arrotonda) {
      // Add one unit in the last kept place, carrying through the decimals into the integer part.
      const cifre = (intera + decimali).split('');
      let i = cifre.length - 1;
      while (i >= 0 && cifre[i] === '9') cifre[i--] = '0';
      if (i >= 0) cifre[i] = String(Number(cifre[i]) + 1);
      else cifre.unshift('1');
      intera = cifre.slice(0, cifre.length - max).join('');
      decimali = cifre.slice(cifre.length - max).join('');
    }
  }
  decimali = senzaFinali(decimali, '0');
  if (decimali.length < min) decimali = decimali.padEnd(min, '0');
  if (intera.length > 3 && (gruppi === 'sempre' || intera.length > 4)) intera = migliaia(intera);
  const segno = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${segno}${intera}${decimali ? `,${decimali}` : ''}`;
}

/** An amount in euro as Intl's it-IT currency format writes it: the figure, a no-break space, '€'. */
export const euroIt = (n: number, min: number, max: number): string => `${numeroIt(n, min, max)}\u00a0€`;

/*
 * The one rule for amounts (docs/regole/generale.md#amounts): a unit price keeps three decimals, as
 * the trade writes it; every total (a line's, an order's, a cart's, VAT, credit, turnover, budgets)
 * has two, rounded half up on its exact decimal value, as the invoice rounds it. Which amount a
 * total is (each line to the cent, then their sum) is shared/importi.ts's.
 */
/** A unit price: '1.142,540 €'. */
export const formatPrezzo = (n: number) => euroIt(n, 3, 3);
/** A total (line, order, cart, VAT, credit, turnover, budget, statistics): '1.142,54 €'. */
export const formatImporto = (n: number) => euroIt(n, 2, 2);
