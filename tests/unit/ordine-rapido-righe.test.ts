import { describe, expect, it } from 'vitest';
import { dividiRiga, leggiTesto } from '../../server/ordine-rapido/righe.js';

// How a pasted quick order line is split (docs/regole/ordine-rapido.md#lines), and that no line,
// however built, takes more than linear time to split.

/** The regular expression dividiRiga used to split on the last word: the reference, on short lines only (it backtracks). */
const PRIMA = /^(.*?)[\s,]*\s([-+]?[\d.,]*\d)$/;
function comePrima(linea: string): { codice: string; quantita: string | null } {
  const t = linea.trim();
  const m = PRIMA.exec(t);
  if (m && m[1] !== '') return { codice: m[1]!, quantita: m[2]! };
  const virgola = t.indexOf(',');
  if (virgola > 0) return { codice: t.slice(0, virgola).trim(), quantita: t.slice(virgola + 1).trim() || null };
  return { codice: t, quantita: null };
}

/** A line like 'a , , , … , b': the old expression tried every split of it against every other. */
const ostile = (coppie: number) => `a${' ,'.repeat(coppie)}b`;

describe('dividiRiga', () => {
  it('splits by tabs or semicolons, else by the last word when it is a number, else by the first comma', () => {
    const casi: [string, string, string | null][] = [
      ['VITE-10\t3', 'VITE-10', '3'],
      ['VITE-10\tVite 10 mm\t\t4', 'VITE-10', '4'],
      ['VITE-10;Vite 10 mm;9', 'VITE-10', '9'],
      ['VITE-10;;', 'VITE-10', null],
      ['ABC 2,5', 'ABC', '2,5'],
      ['BE-616 0792 3', 'BE-616 0792', '3'],
      ['  VITE-10   7  ', 'VITE-10', '7'],
      ['VITE-10, 8', 'VITE-10', '8'],
      ['VITE-10 , ,  8', 'VITE-10', '8'],
      ['VITE-10 1.000,5', 'VITE-10', '1.000,5'],
      ['VITE-10 -2', 'VITE-10', '-2'],
      ['ABC,2', 'ABC', '2'],
      ['ABC,2,5', 'ABC', '2,5'],
      ['ABC,', 'ABC', null],
      ['VITE-10 due', 'VITE-10 due', null],
      ['VITE-10 2.', 'VITE-10 2.', null],
      ['VITE-10', 'VITE-10', null],
      [', 5', ', 5', null],
      ['VITE-10\u00a05', 'VITE-10', '5'],
    ];
    for (const [linea, codice, quantita] of casi) expect(dividiRiga(linea), linea).toEqual({ codice, quantita });
  });

  it('splits every short line of spaces, commas, digits, signs and letters as the regular expression it replaced', () => {
    const alfabeto = ['A', '1', ' ', ',', '.', '-', '+', '\u00a0'];
    let linee = [''];
    let diversi = 0;
    for (let n = 1; n <= 6; n++) {
      linee = linee.flatMap((l) => alfabeto.map((c) => l + c));
      for (const l of linee) {
        const a = dividiRiga(l);
        const b = comePrima(l);
        if (a.codice !== b.codice || a.quantita !== b.quantita) diversi++;
      }
    }
    expect(diversi).toBe(0);
  });

  // The guard is the test's own timeout: the old expression took some 0.8 s on 16 kB and ~12 minutes on 500 kB.
  it('splits a line of 500 kB built to backtrack in linear time', { timeout: 20_000 }, () => {
    const linea = ostile(250_000);
    expect(dividiRiga(linea)).toEqual({ codice: 'a', quantita: linea.slice(4) });
    expect(dividiRiga(`${linea} 5`)).toEqual({ codice: linea, quantita: '5' });
  });
});

describe('leggiTesto', () => {
  it('answers a line longer than 200 characters as too long, unsplit and cut in the answer; never as a header', () => {
    const lunga = `codice ${'x'.repeat(190)} quantità`;
    const l = leggiTesto(`${lunga}\n${'A'.repeat(198)} 1\n\n  ${ostile(250_000)}  `);
    expect(l.intestazione).toBeNull();
    expect(l.righe).toEqual([
      { riga: 1, testo: `${lunga.slice(0, 200)}…`, codice: '', quantita: null, messaggio: 'Riga troppo lunga (206 caratteri): codice e quantità stanno in 200 caratteri.' },
      { riga: 2, testo: `${'A'.repeat(198)} 1`, codice: 'A'.repeat(198), quantita: '1' },
      { riga: 4, testo: `${ostile(250_000).slice(0, 200)}…`, codice: '', quantita: null, messaggio: 'Riga troppo lunga (500.002 caratteri): codice e quantità stanno in 200 caratteri.' },
    ]);
  });
});
