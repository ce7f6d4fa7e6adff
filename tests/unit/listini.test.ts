import { describe, expect, it } from 'vitest';
import { listinoEffettivo, nomeListino } from '../../shared/listini.js';

/** A client's price list (docs/regole/catalogo.md#list-price), 0 or missing meaning list 1, as server and SPA both apply it. */
describe('listinoEffettivo', () => {
  it('0, missing or negative is list 1; any other number is itself', () => {
    expect([0, null, undefined, -1].map(listinoEffettivo)).toEqual([1, 1, 1, 1]);
    expect([1, 2, 7].map(listinoEffettivo)).toEqual([1, 2, 7]);
    expect(nomeListino(0)).toBe('Listino 1');
    expect(nomeListino(2)).toBe('Listino 2');
  });
});
