import { describe, expect, it } from 'vitest';
import { formatoData } from '../../server/import/lettura/xlsx/stili.js';
import { numeroIt } from '../../shared/formato.js';
import { senzaFinali } from '../../shared/stringhe.js';

// What replaced regular expressions that backtracked more than linearly on text from outside
// (docs/decisions/linear-time-patterns.md): the same answers, and in linear time on the texts
// built against them. The guard is each test's own timeout, never a timing.

/** Every string of up to `n` characters over `alfabeto`. */
function tutte(alfabeto: string[], n: number): string[] {
  const out = [''];
  let ultime = [''];
  for (let i = 0; i < n; i++) {
    ultime = ultime.flatMap((s) => alfabeto.map((c) => s + c));
    out.push(...ultime);
  }
  return out;
}

describe('formatoData (an XLSX number format)', () => {
  const PRIMA = (codice: string) => /[ymdhMsb]/.test(codice.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

  it('tells dates as the expression it replaced did, on every short format of brackets, quotes and letters', () => {
    const diversi = tutte(['[', ']', '"', 'y', '0'], 7).filter((f) => formatoData(f) !== PRIMA(f));
    expect(diversi).toEqual([]);
    expect(['dd/mm/yyyy', '[h]:mm', '[$-410]#,##0', '"giorni"0', '0.00'].map(formatoData)).toEqual([true, true, false, false, false]);
  });

  // A styles.xml of a few kilobytes could hold it: the expression took ~1.6 s on 40,000 '[' and some 17 minutes on 1,000,000.
  it('reads a format of a million unclosed brackets or quotes in linear time', { timeout: 20_000 }, () => {
    expect(formatoData(`${'['.repeat(1_000_000)}0`)).toBe(false);
    expect(formatoData(`${'['.repeat(1_000_000)}y`)).toBe(true);
    expect(formatoData(`${'"'.repeat(1_000_001)}d`)).toBe(true);
  });
});

describe('senzaFinali and the thousands of numeroIt', () => {
  it('takes a repeated character off the end only', () => {
    expect(['1.500', '000', '0', '', '1050', '10.0'].map((s) => senzaFinali(s, '0'))).toEqual(['1.5', '', '', '', '105', '10.']);
    expect(senzaFinali('cartella///', '/')).toBe('cartella');
    const lunga = `${'0'.repeat(1_000_000)}1`;
    expect(senzaFinali(`${lunga}000`, '0')).toBe(lunga);
  });

  it('groups thousands from the right', () => {
    expect([1, 12, 123, 1234, 12345, 123456, 1234567, 123456789012].map((n) => numeroIt(n, 0, 0))).toEqual([
      '1', '12', '123', '1.234', '12.345', '123.456', '1.234.567', '123.456.789.012',
    ]);
    expect(numeroIt(-1234567.5, 2, 2)).toBe('-1.234.567,50');
  });
});
