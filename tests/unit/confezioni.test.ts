import { describe, expect, it } from 'vitest';
import { haConfezione, msgQuantitaArrotondata, quantitaConfezione, regolaConfezione } from '../../shared/confezioni.js';

// The pack rule both sides use (docs/regole/ordini.md#packs): up to the minimum, then up to the multiple.
describe('quantitaConfezione', () => {
  it('rounds up to the multiple and the minimum, never down', () => {
    const c = { multiplo: 6, minimo: 12 };
    expect([1, 5, 12, 13, 18, 19].map((q) => quantitaConfezione(q, c))).toEqual([12, 12, 12, 18, 18, 24]);
    expect(quantitaConfezione(7, { multiplo: 5, minimo: 1 })).toBe(10);
    expect(quantitaConfezione(3, { multiplo: 1, minimo: 4 })).toBe(4);
    expect(quantitaConfezione(3, { multiplo: 1, minimo: 1 })).toBe(3);
    // A minimum that is not a multiple: the next multiple above it.
    expect(quantitaConfezione(1, { multiplo: 4, minimo: 10 })).toBe(12);
  });

  it('says the rule and the rounding in Italian', () => {
    expect(haConfezione({ multiplo: 1, minimo: 1 })).toBe(false);
    expect(regolaConfezione({ multiplo: 6, minimo: 12 })).toBe('Multipli di 6, minimo 12');
    expect(regolaConfezione({ multiplo: 1, minimo: 3 })).toBe('Minimo 3');
    expect(msgQuantitaArrotondata('VITE-1', 5, 6, { multiplo: 6, minimo: 1 })).toBe('VITE-1: quantità portata da 5 a 6 (multipli di 6).');
  });
});
