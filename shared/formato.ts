/**
 * The Italian amounts of the SPA (web/lib/formato.ts re-exports them) and of the server's documents
 * (the order PDF), so that a price reads the same on a screen and on paper.
 */

// it-IT leaves 4-digit numbers ungrouped by default ('1142,540 €'): lists and prices group them.
const SEMPRE = 'always' as unknown as boolean;

const euro = (min: number, max: number) => new Intl.NumberFormat('it-IT', {
  style: 'currency', currency: 'EUR', minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: SEMPRE,
});
const euro3 = euro(3, 3);
const euro2 = euro(2, 2);
/** Prices and order totals: '1.142,540 €'. */
export const formatEuro3 = (n: number) => euro3.format(n);
/** Turnover, budgets, statistics and a document's totals: '1.142,54 €'. */
export const formatEuro2 = (n: number) => euro2.format(n);
