import { describe, expect, it } from 'vitest';
import {
  formatData, formatDataOra, formatDataOraOrdine, formatDurata, formatEuro2, formatEuro3, formatIntero, formatNumero, nomeMese,
} from '../../web/lib/formato.js';

/** The SPA's one home of its Italian formats (docs/regole/generale.md#formats). */
describe('formato', () => {
  it('groups thousands in amounts and counts, with the spec decimals', () => {
    expect(formatEuro3(1142.54).replace(/\s/g, ' ')).toBe('1.142,540 €');
    expect(formatEuro2(1142.54).replace(/\s/g, ' ')).toBe('1.142,54 €');
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
