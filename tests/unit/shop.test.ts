import { describe, expect, it } from 'vitest';
import { MB, MSG_UPLOAD, primoControlloFile } from '../../shared/upload.js';
import { pageItems } from '../../web/components/Pagination.js';
import { parseQuantita } from '../../web/components/ProductCard.js';
import { valutaAggiunta } from '../../web/components/useAddToCart.js';
import { PLACEHOLDER_PRODOTTO, productImageChain } from '../../shared/indirizzi-media.js';
import { formatDimensione } from '../../web/lib/formato.js';
import { mediaPath, mediaUrl } from '../../web/lib/media.js';
import { primoNumero } from '../../web/shop/media/MediaPage.js';

describe('Pagination', () => {
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

describe('add-to-cart outcomes', () => {
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

describe('product pictures', () => {
  const codart = '/media/codart/A%2F1/A%2F1.jpg';
  it("cards load the main photo's thumbnail, then the original, then codart/…, then the placeholder", () => {
    expect(productImageChain({ codice_prodotto: 'A/1', foto_principale: 'prodotti/A/a.jpg', foto_miniatura: 'prodotti/A/a.jpg.thumb.webp' }))
      .toEqual(['/media/prodotti/A/a.jpg.thumb.webp', '/media/prodotti/A/a.jpg', codart, PLACEHOLDER_PRODOTTO]);
    // A photo without copies is its own thumbnail; a product without a main photo starts at codart.
    expect(productImageChain({ codice_prodotto: 'A/1', foto_principale: 'prodotti/A/a.svg', foto_miniatura: 'prodotti/A/a.svg' }))
      .toEqual(['/media/prodotti/A/a.svg', codart, PLACEHOLDER_PRODOTTO]);
    expect(productImageChain({ codice_prodotto: 'A/1', foto_principale: null, foto_miniatura: null })).toEqual([codart, PLACEHOLDER_PRODOTTO]);
  });
  it('the gallery shows another picture in place of the main photo', () => {
    expect(productImageChain({ codice_prodotto: 'A/1', foto_principale: 'p/a.jpg', foto_miniatura: 'p/a.jpg.thumb.webp' }, '/media/p/b.jpg.web.webp'))
      .toEqual(['/media/p/b.jpg.web.webp', codart, PLACEHOLDER_PRODOTTO]);
  });
});

describe("uploads: the browser's first check", () => {
  it('photos: images only, at most the limit; attachments: documents, never images', () => {
    expect(primoControlloFile('immagine', [{ name: 'a.JPEG', size: 10 }, { name: 'b.webp', size: 10 }], MB)).toBeNull();
    expect(primoControlloFile('immagine', [{ name: 'a.jpg', size: 10 }, { name: 'scheda.pdf', size: 10 }], MB)).toBe(MSG_UPLOAD.soloImmagini);
    expect(primoControlloFile('immagine', [{ name: 'senza-estensione', size: 10 }], MB)).toBe(MSG_UPLOAD.soloImmagini);
    expect(primoControlloFile('immagine', [{ name: 'grande.png', size: MB + 1 }], MB)).toBe(MSG_UPLOAD.troppoGrande('grande.png', MB));
    expect(primoControlloFile('documento', [{ name: 'scheda.PDF', size: 10 }, { name: 'listino.xlsx', size: 10 }], MB)).toBeNull();
    expect(primoControlloFile('documento', [{ name: 'schema.png', size: 10 }], MB)).toBe(MSG_UPLOAD.nonConsentito);
    expect(primoControlloFile('documento', [{ name: 'setup.exe', size: 10 }], MB)).toBe(MSG_UPLOAD.nonConsentito);
    // Each within its limit, all together over the call's total.
    const due = [{ name: 'a.pdf', size: 0.6 * MB }, { name: 'b.pdf', size: 0.6 * MB }];
    expect(primoControlloFile('documento', due, MB, MB)).toBe(MSG_UPLOAD.richiestaTroppoGrande(MB));
    expect(primoControlloFile('documento', due, MB, 2 * MB)).toBeNull();
  });
  it('sizes in Italian', () => {
    expect(formatDimensione(null)).toBe('');
    expect(formatDimensione(200)).toBe('1 kB');
    expect(formatDimensione(850 * 1024)).toBe('850 kB');
    expect(formatDimensione(2.45 * MB)).toBe('2,5 MB');
  });
});
