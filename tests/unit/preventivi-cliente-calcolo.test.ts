import { describe, expect, it } from 'vitest';
import { calcolaPreventivo, type RigaDaCalcolare } from '../../shared/preventivi-cliente-calcolo.js';

const riga = (r: Partial<RigaDaCalcolare> & Pick<RigaDaCalcolare, 'costo'>): RigaDaCalcolare => ({
  tipo: 'catalogo', quantita: 1, ricarico: null, categoria: '', aliquota: 22, beni_significativi: false, ...r,
});
const base = { ricarico_generale: 0, ricarichi_categoria: {}, sconto_percentuale: 0 };

/** The installer's quote (docs/regole/preventivi-cliente.md#vat): markups, discount and the 10 % works' split. */
describe('calcolaPreventivo', () => {
  it('800 € of boilers (beni significativi) + 200 € labour at 10 %: 10 % on 400 €, 22 % on 600 €', () => {
    const c = calcolaPreventivo({
      ...base,
      righe: [
        riga({ costo: 400, quantita: 2, aliquota: 10, beni_significativi: true }),
        riga({ tipo: 'manodopera', costo: 40, quantita: 5, aliquota: 10 }),
      ],
    });
    expect(c.imponibile).toBe(1000);
    expect(c.beni_significativi).toEqual({ valore_lavori: 1000, valore_beni: 800, al_10: 200, al_22: 600 });
    expect(c.iva).toEqual([{ aliquota: 22, imponibile: 600, imposta: 132 }, { aliquota: 10, imponibile: 400, imposta: 40 }]);
    expect(c.totale_iva).toBe(172);
    expect(c.totale).toBe(1172);
  });

  it('significant goods worth no more than the rest of the works stay all at 10 %', () => {
    const c = calcolaPreventivo({
      ...base,
      righe: [
        riga({ costo: 300, aliquota: 10, beni_significativi: true }),
        riga({ tipo: 'manodopera', costo: 50, quantita: 4, aliquota: 10 }),
        riga({ costo: 150, aliquota: 10 }),
      ],
    });
    expect(c.beni_significativi).toEqual({ valore_lavori: 650, valore_beni: 300, al_10: 300, al_22: 0 });
    expect(c.iva).toEqual([{ aliquota: 10, imponibile: 650, imposta: 65 }]);
  });

  it('only goods, no labour: all of them at 22 %; lines at 22 % outside the works are not counted in them', () => {
    const c = calcolaPreventivo({
      ...base,
      righe: [riga({ costo: 500, aliquota: 10, beni_significativi: true }), riga({ costo: 100, aliquota: 22 })],
    });
    expect(c.beni_significativi).toEqual({ valore_lavori: 500, valore_beni: 500, al_10: 0, al_22: 500 });
    expect(c.iva).toEqual([{ aliquota: 22, imponibile: 600, imposta: 132 }, { aliquota: 10, imponibile: 0, imposta: 0 }]);
  });

  it('markup per line over per family over general; labour never marked up; 4 % apart', () => {
    const c = calcolaPreventivo({
      ricarico_generale: 10, ricarichi_categoria: { Caldaie: 25 }, sconto_percentuale: 0,
      righe: [
        riga({ costo: 100, categoria: 'Caldaie' }),
        riga({ costo: 100, categoria: 'Caldaie', ricarico: 5 }),
        riga({ costo: 100, categoria: 'Rubinetti' }),
        riga({ tipo: 'libera', costo: 100, categoria: 'Caldaie' }),
        riga({ tipo: 'manodopera', costo: 35.5, quantita: 2.5, aliquota: 4 }),
      ],
    });
    expect(c.righe.map((r) => [r.ricarico, r.prezzo, r.importo])).toEqual([
      [25, 125, 125], [5, 105, 105], [10, 110, 110], [10, 110, 110], [0, 35.5, 88.75],
    ]);
    expect(c.iva).toEqual([{ aliquota: 22, imponibile: 450, imposta: 99 }, { aliquota: 4, imponibile: 88.75, imposta: 3.55 }]);
    expect(c.costo).toBe(488.75);
    expect(c.margine).toBe(50);
  });

  it('prices to the thousandth and amounts to the cent, half up; the discount on each line before VAT', () => {
    const c = calcolaPreventivo({
      ...base, ricarico_generale: 33.33, sconto_percentuale: 10,
      righe: [riga({ costo: 1.005, quantita: 3 }), riga({ costo: 2.675, quantita: 1.5 })],
    });
    // 1.005 × 1.3333 = 1.33999665 → 1.340; 2.675 × 1.3333 = 3.56657… → 3.567
    expect(c.righe.map((r) => [r.prezzo, r.importo])).toEqual([[1.34, 4.02], [3.567, 5.35]]);
    expect(c.totale_righe).toBe(9.37);
    // 4.02 → 3.618 → 3.62; 5.35 → 4.815 → 4.82
    expect(c.imponibile).toBe(8.44);
    expect(c.sconto).toBe(0.93);
    expect(c.iva).toEqual([{ aliquota: 22, imponibile: 8.44, imposta: 1.86 }]);
    expect(c.totale).toBe(10.3);
  });

  it('an empty quote is all zeros', () => {
    const c = calcolaPreventivo({ ...base, righe: [] });
    expect([c.imponibile, c.totale, c.iva.length, c.beni_significativi]).toEqual([0, 0, 0, null]);
  });
});
