/**
 * Which amount a total is (docs/regole/generale.md#amounts), so that a screen, the order PDF and
 * the invoice agree to the cent: a line is quantity × unit price (three decimals, so exact in
 * thousandths), rounded half up to the cent, as ordini_letti's `round(importo, 2)`
 * (server/ordini/sql/ordini_letti.sql); a total is the sum of its lines' cents. Counted in whole
 * cents: a sum of doubles drifts (0.1 + 0.2), a sum of integers does not. shared/formato.ts
 * `formatImporto` writes the result.
 */

/** A unit price in thousandths of a euro: prices have three decimals (numeric(12,3)). */
const millesimi = (prezzo: number) => Math.round(prezzo * 1000);

/** qt × prezzo in cents, half up (away from zero, as Postgres's round) on the exact thousandths. */
export function centesimiRiga(prezzo: number, qt: number): number {
  const m = millesimi(prezzo) * qt;
  const c = Math.floor((Math.abs(m) + 5) / 10);
  return m < 0 ? -c : c;
}

/** A line's amount in euro, to the cent. */
export const importoRiga = (prezzo: number, qt: number): number => centesimiRiga(prezzo, qt) / 100;

/** The total of some lines, each rounded to the cent first: what the invoice's taxable amount says. */
export const totaleRighe = (righe: readonly { prezzo: number; qt: number }[]): number =>
  righe.reduce((s, r) => s + centesimiRiga(r.prezzo, r.qt), 0) / 100;
