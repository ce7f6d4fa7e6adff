import { describe, expect, it } from 'vitest';
import type { RigaPdf } from '../../server/pdf/ordine-pdf.queries.js';
import { totali } from '../../server/pdf/totali.js';

const riga = (qt: number, netto: number, aliquotaIva: number): RigaPdf =>
  ({ codice: 'X', descrizione: 'X', qt, listino: netto, sconti: '', netto, aliquotaIva });

/** The order PDF's amounts (docs/regole/ordini.md#order-pdf): lines to the cent, VAT once per rate. */
describe('totali of the order PDF', () => {
  it('rounds each line to the cent, sums a rate\'s lines, rounds its VAT once, groups by rate', () => {
    // 3 × 0,335 = 1,005 → 1,01 (half up); 7 × 1,111 = 7,777 → 7,78; 2 × 10,000 at 10 %.
    const t = totali([riga(3, 0.335, 22), riga(7, 1.111, 22), riga(2, 10, 10), riga(1, 0.004, 22)]);
    expect(t.importiCent).toEqual([101, 778, 2000, 0]);
    // 8,79 at 22 % = 1,9338 → 1,93; 20,00 at 10 % = 2,00.
    expect(t.iva).toEqual([
      { aliquota: 10, imponibileCent: 2000, impostaCent: 200 },
      { aliquota: 22, imponibileCent: 879, impostaCent: 193 },
    ]);
    expect(t).toMatchObject({ imponibileCent: 2879, impostaCent: 393, totaleCent: 3272 });
  });

  it('has nothing to sum for an order without lines', () => {
    expect(totali([])).toEqual({ importiCent: [], iva: [], imponibileCent: 0, impostaCent: 0, totaleCent: 0 });
  });
});
