import { describe, expect, it } from 'vitest';
import {
  formatData, formatDataLunga, formatDataOra, formatDataOraOrdine, formatDurata, formatImporto, formatPrezzo, formatIntero, formatMeseAnno, formatNumero, nomeMese,
} from '../../web/lib/formato.js';
import { numeroIt } from '../../shared/formato.js';

/** The SPA's one home of its Italian formats (docs/regole/generale.md#formats). */
describe('formato', () => {
  it('groups thousands in amounts and counts, with the spec decimals', () => {
    expect(formatPrezzo(1142.54).replace(/\s/g, ' ')).toBe('1.142,540 €');
    expect(formatImporto(1142.54).replace(/\s/g, ' ')).toBe('1.142,54 €');
    expect(formatIntero(1234)).toBe('1.234');
    expect(formatNumero(1.5)).toBe('1,5');
    expect(formatNumero(null)).toBe('—');
    expect(formatDurata(850)).toBe('850 ms');
    expect(formatDurata(2400)).toBe('2,4 s');
  });
  it('writes dates the two ways of the spec, and nothing for a missing one', () => {
    const t = new Date(2026, 2, 5, 14, 7).toISOString();
    expect(formatDataOra(t)).toBe('05/03/2026 14:07');
    expect(formatDataOraOrdine(t)).toBe('05/03/2026, 14:07');
    expect(formatData(t)).toBe('05/03/2026');
    expect(formatDataOra(null)).toBe('');
    expect(formatDataOra('non una data')).toBe('');
    expect(nomeMese(3)).toBe('Marzo');
  });
});

/** shared/formato.ts writes numbers by hand (no Intl on the page's first render): Intl's output, character for character. */
describe('numeroIt', () => {
  const intl = (min: number, max: number, sempre: boolean) => new Intl.NumberFormat('it-IT', {
    minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: (sempre ? 'always' : 'auto') as unknown as boolean,
  });
  const casi = (): number[] => {
    const fissi = [0, -0, 1, -1, 0.5, 1.005, 2.675, 9.995, 99.9995, 999.9996, 1234, 12345, -1234.5, 1e20, 123456789.123456,
      0.000001, 1e-7, -1e-7, 5e-324, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, 1142.54, 1142.545, Infinity, -Infinity, NaN];
    let seme = 7;
    const caso = () => ((seme = (seme * 16807) % 2147483647) / 2147483647);
    const casuali = Array.from({ length: 3000 }, (_, i) => {
      const grande = 10 ** Math.floor(caso() * 9);
      const x = Math.round(caso() * grande * 10 ** (i % 5)) / 10 ** (i % 5);
      return i % 3 === 0 ? -x : x;
    });
    return [...fissi, ...casuali];
  };
  it('writes what Intl writes, for every mode the screens use', () => {
    for (const [min, max, gruppi] of [[0, 0, 'sempre'], [0, 2, 'da5'], [2, 2, 'da5'], [0, 1, 'da5'], [0, 3, 'da5'], [2, 2, 'sempre'], [3, 3, 'sempre'], [0, 2, 'sempre']] as const) {
      const f = intl(min, max, gruppi === 'sempre');
      for (const n of casi()) expect(`${min}-${max}-${gruppi} ${n}: ${numeroIt(n, min, max, gruppi)}`).toBe(`${min}-${max}-${gruppi} ${n}: ${f.format(n)}`);
    }
  });
  it('writes euro as the currency format does', () => {
    const f3 = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: 'always' as unknown as boolean });
    const f2 = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' as unknown as boolean });
    for (const n of casi()) {
      expect(formatPrezzo(n)).toBe(f3.format(n));
      expect(formatImporto(n)).toBe(f2.format(n));
    }
  });
});

describe('formatMeseAnno', () => {
  it('writes the month and year as Intl does', () => {
    const f = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric' });
    for (let m = 0; m < 12; m++) {
      const d = new Date(2026, m, 15);
      expect(formatMeseAnno(d)).toBe(f.format(d));
    }
  });
});

/** The dates are written by hand too (web/lib/formato.ts): Intl's it-IT output in the local time zone. */
describe('date formats', () => {
  const intl = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('it-IT', o);
  // Midnight, noon, single-digit days and months, the last minute of a year, and a year of random instants.
  const istanti = (): Date[] => {
    const fissi = [new Date(2026, 0, 1, 0, 0), new Date(2026, 2, 5, 14, 7), new Date(2026, 11, 31, 23, 59), new Date(2026, 10, 11, 12, 49),
      new Date(1999, 8, 9, 9, 9), new Date(2030, 5, 30, 0, 30)];
    let seme = 11;
    const caso = () => ((seme = (seme * 16807) % 2147483647) / 2147483647);
    return [...fissi, ...Array.from({ length: 500 }, () => new Date(Date.UTC(2020, 0, 1) + Math.floor(caso() * 10 * 365 * 86_400_000)))];
  };
  it('writes each format as Intl does', () => {
    const oraH23 = intl({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const ordine = intl({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    const lunga = intl({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    const giorno = intl({ day: '2-digit', month: '2-digit', year: 'numeric' });
    for (const d of istanti()) {
      const iso = d.toISOString();
      const p = Object.fromEntries(oraH23.formatToParts(d).map((x) => [x.type, x.value]));
      expect(formatDataOra(iso)).toBe(`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);
      expect(formatDataOraOrdine(iso)).toBe(ordine.format(d));
      expect(formatDataLunga(iso)).toBe(lunga.format(d));
      expect(formatData(iso)).toBe(giorno.format(d));
    }
  });
  it('writes nothing for a missing or unreadable date', () => {
    for (const f of [formatData, formatDataOra, formatDataOraOrdine, formatDataLunga]) {
      expect(f(null)).toBe('');
      expect(f(undefined)).toBe('');
      expect(f('non una data')).toBe('');
    }
  });
});
