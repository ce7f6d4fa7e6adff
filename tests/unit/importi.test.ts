import { describe, expect, it } from 'vitest';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import { centesimiRiga, importoRiga, totaleRighe } from '../../shared/importi.js';
import { importiRiga, cartTotals, totaleNetto } from '../../web/cart/priceMode.js';

/** The one rule for amounts (docs/regole/generale.md#amounts): unit prices 3 decimals, totals 2, as the invoice rounds them. */
describe('importi', () => {
  const spazi = (s: string) => s.replace(/\u00a0/g, ' ');

  it('writes a unit price with 3 decimals and every total with 2', () => {
    expect(spazi(formatPrezzo(5.879))).toBe('5,879 €');
    expect(spazi(formatImporto(594.42))).toBe('594,42 €');
    expect(spazi(formatImporto(0))).toBe('0,00 €');
    expect(spazi(formatImporto(9014.918))).toBe('9.014,92 €');
  });

  it('rounds a line half up to the cent on its exact amount, not on the double', () => {
    // 2.675 and 1.005 are a hair below as doubles (2.67499…, 1.00499…): the invoice rounds the decimal value up.
    expect(importoRiga(2.675, 1)).toBe(2.68);
    expect(importoRiga(1.005, 1)).toBe(1.01);
    expect(importoRiga(0.125, 1)).toBe(0.13);
    expect(importoRiga(0.124, 1)).toBe(0.12);
    expect(importoRiga(5.879, 3)).toBe(17.64);
    expect(importoRiga(0.101, 1200)).toBe(121.2);
    expect(centesimiRiga(12_345.678, 1000)).toBe(1_234_567_800);
    expect(centesimiRiga(-1.005, 1)).toBe(-101);
  });

  it("totals the lines' cents: the invoice's taxable amount, not the exact sum rounded", () => {
    const righe = [{ prezzo: 1.005, qt: 1 }, { prezzo: 1.005, qt: 1 }];
    expect(totaleRighe(righe)).toBe(2.02);
    expect(Math.round((1.005 + 1.005) * 100) / 100).toBe(2.01);
    // Ten lines of 0,10 €: 1 exactly, where a sum of doubles gives 0.9999999999999999.
    expect(totaleRighe(Array.from({ length: 10 }, () => ({ prezzo: 0.1, qt: 1 })))).toBe(1);
    expect(totaleRighe([])).toBe(0);
  });

  it('gives the cart its line amounts and totals by that rule, doubled or hidden by the price mode', () => {
    const items = [
      { prezzo: 2.675, prezzo_reale: 1.005, quantita: 1 },
      { prezzo: 2.675, prezzo_reale: 1.005, quantita: 1 },
      { prezzo: 10, prezzo_reale: 5.879, quantita: 3 },
    ];
    expect(importiRiga(items[2]!, 'normale')).toEqual({ unitario: 5.879, parziale: 30, scontato: 17.64 });
    expect(importiRiga(items[2]!, 'doppio')).toEqual({ unitario: 11.758, parziale: 60, scontato: 35.27 });
    expect(importiRiga(items[2]!, 'nascosto')).toBeNull();
    expect(cartTotals(items, 'normale')).toEqual({ parziale: 35.36, parzialeScontato: 19.66, totale: 19.66 });
    expect(cartTotals(items, 'nascosto')).toEqual({ parziale: 0, parzialeScontato: 0, totale: 0 });
    // What the order will bill, whatever the mode shows.
    expect(totaleNetto(items)).toBe(19.66);
  });
});
