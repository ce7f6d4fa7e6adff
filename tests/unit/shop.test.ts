import { describe, expect, it } from 'vitest';
import { pageItems } from '../../web/components/Pagination.js';
import { parseQuantita } from '../../web/components/ProductCard.js';
import { valutaAggiunta } from '../../web/components/useAddToCart.js';
import { mediaPath, mediaUrl } from '../../web/lib/media.js';
import { primoNumero } from '../../web/shop/media/MediaPage.js';

describe('Pagination (SPEC §2)', () => {
  it('shows a block of 5 around the current page', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(5, 9)).toEqual([3, 4, 5, 6, 7, 'ellipsis', 9]);
  });
  it("adds '...' and the last page when there are more than 5 pages and the current is more than 2 before the last", () => {
    expect(pageItems(1, 21)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 21]);
    expect(pageItems(2, 21)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 21]);
    expect(pageItems(18, 21)).toEqual([16, 17, 18, 19, 20, 'ellipsis', 21]);
    expect(pageItems(19, 21)).toEqual([17, 18, 19, 20, 21]);
    expect(pageItems(21, 21)).toEqual([17, 18, 19, 20, 21]);
    expect(pageItems(4, 6)).toEqual([2, 3, 4, 5, 6]);
  });
  it('shows nothing without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('add-to-cart outcomes (SPEC §4)', () => {
  const p = (disponibilita: number, ord_forn: number) => ({ disponibilita, ord_forn });
  it('refuses a quantity that is not positive', () => {
    expect(valutaAggiunta(p(10, 0), 0).esito).toBe('quantita-non-valida');
    expect(valutaAggiunta(p(10, 0), -3).esito).toBe('quantita-non-valida');
    expect(valutaAggiunta(p(10, 0), Number.NaN).esito).toBe('quantita-non-valida');
  });
  it('adds when stock plus on-order covers the quantity', () => {
    expect(valutaAggiunta(p(3, 2), 5).esito).toBe('aggiunto');
    expect(valutaAggiunta(p(0, 8), 5).esito).toBe('aggiunto');
  });
  it('adds with a warning and the fulfillable percentage when only part is available', () => {
    expect(valutaAggiunta(p(1, 1), 3)).toEqual({ esito: 'parziale', disponibile: 2, percentuale: 66.67 });
  });
  it('refuses when nothing is available', () => {
    expect(valutaAggiunta(p(0, 0), 1).esito).toBe('non-disponibile');
    expect(valutaAggiunta(p(-2, 1), 1).esito).toBe('non-disponibile');
  });
  it('reads typed quantities as integers', () => {
    expect(parseQuantita('3')).toBe(3);
    expect(parseQuantita('2,9')).toBe(2);
    expect(parseQuantita('abc')).toBe(0);
    expect(parseQuantita('')).toBe(0);
  });
});

describe('media addresses', () => {
  it('joins dir and file with exactly one slash', () => {
    expect(mediaUrl('multimedia/catalogo/', 'a.pdf')).toBe('/media/multimedia/catalogo/a.pdf');
    expect(mediaUrl('multimedia/catalogo', 'a.pdf')).toBe('/media/multimedia/catalogo/a.pdf');
    expect(mediaUrl('/brand/', '/001.svg')).toBe('/media/brand/001.svg');
    expect(mediaUrl('', 'x.jpg')).toBe('/media/x.jpg');
    expect(mediaUrl('dir/', '')).toBe('');
    expect(mediaPath('prodotti/A/A.svg')).toBe('/media/prodotti/A/A.svg');
    expect(mediaPath('/media/x.svg')).toBe('/media/x.svg');
  });
  it('sorts catalogues by the first number in their name', () => {
    const nomi = ['Catalogo 10 - Idraulica', 'Catalogo 2 - Utensileria', 'Catalogo 1 - Generale', 'Senza numero'];
    expect([...nomi].sort((a, b) => primoNumero(a) - primoNumero(b))).toEqual([
      'Catalogo 1 - Generale', 'Catalogo 2 - Utensileria', 'Catalogo 10 - Idraulica', 'Senza numero',
    ]);
  });
});
