import { describe, expect, it } from 'vitest';
import { elenco, forma, unoDi } from '../../web/lib/forma.js';

/** The checks of what the SPA reads back from storage and the history's state (web/lib/forma.ts). */
describe('forma', () => {
  interface Riga { codice: string; quantita: number; prezzo: number; nota?: string | undefined; sconto: string | null; tipo: 'a' | 'b' }
  const leggi = forma<Riga>({
    codice: 'string', quantita: 'intero', prezzo: 'number', nota: 'string?', sconto: 'string|null', tipo: unoDi(['a', 'b']),
  });
  const buona = { codice: 'A-1', quantita: 2, prezzo: 1.5, sconto: null, tipo: 'a', altro: true };

  it('gives back an object of the shape, keeping fields it does not name', () => {
    expect(leggi(buona)).toBe(buona);
    expect(leggi({ ...buona, nota: 'x', sconto: '10' })).not.toBeNull();
  });

  it('refuses a missing or mistyped field, and what is no object', () => {
    expect(leggi({ ...buona, codice: undefined })).toBeNull();
    expect(leggi({ ...buona, quantita: 2.5 })).toBeNull();
    expect(leggi({ ...buona, prezzo: '1,5' })).toBeNull();
    expect(leggi({ ...buona, prezzo: Number.NaN })).toBeNull();
    expect(leggi({ ...buona, nota: 3 })).toBeNull();
    expect(leggi({ ...buona, sconto: undefined })).toBeNull();
    expect(leggi({ ...buona, tipo: 'c' })).toBeNull();
    for (const v of [null, undefined, 'A-1', 3, [buona]]) expect(leggi(v)).toBeNull();
  });

  it('reads a list only when every element reads', () => {
    expect(elenco(leggi)([buona, buona])).toHaveLength(2);
    expect(elenco(leggi)([])).toEqual([]);
    expect(elenco(leggi)([buona, { ...buona, quantita: 'due' }])).toBeNull();
    expect(elenco(leggi)(buona)).toBeNull();
  });
});
