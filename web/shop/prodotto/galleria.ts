import type { MediaProdotto, Prodotto } from '../../../shared/catalogo.js';
import { forma } from '../../lib/forma';
import { mediaUrl } from '../../lib/media';

/**
 * The product passed in navigation state, if it is one: the card's product, or a history entry's
 * after a reload (perhaps of an older build). Its prices and stock are read again at once.
 */
const leggiProdotto = forma<Pick<Prodotto, 'id' | 'codice_prodotto' | 'titolo' | 'prezzo' | 'prezzo_reale' | 'disponibilita' | 'multiplo' | 'minimo'>>({
  id: 'intero', codice_prodotto: 'string', titolo: 'string', prezzo: 'number', prezzo_reale: 'number', disponibilita: 'intero',
  multiplo: 'intero', minimo: 'intero',
});
export function prodottoFromState(state: unknown): Prodotto | null {
  if (!state || typeof state !== 'object' || !('prodotto' in state)) return null;
  return leggiProdotto((state as { prodotto: unknown }).prodotto) as Prodotto | null;
}

export interface FotoGalleria {
  key: string;
  /** null: the main image's fallback (codart/…, then the placeholder). */
  vista: string | null;
  miniatura: string | null;
  originale: string | null;
}

/**
 * The gallery: the photos in the server's order, the main one (media 'default', else the first
 * photo: foto_principale) first. A product without photos shows the fallbacks in the first place
 * (docs/regole/catalogo.md#product-media), codart/{codice}/{codice}.jpg, then the placeholder.
 * Photos without copies (imported ones) are shown as they are.
 */
export function galleria(p: Prodotto): FotoGalleria[] {
  const voce = (m: MediaProdotto): FotoGalleria => ({
    key: String(m.id),
    vista: mediaUrl(m.dir, m.file_web ?? m.file),
    miniatura: mediaUrl(m.dir, m.file_thumb ?? m.file),
    originale: mediaUrl(m.dir, m.file),
  });
  if (p.media_foto.length === 0) return [{ key: 'ricambio', vista: null, miniatura: null, originale: null }];
  return p.media_foto.map(voce);
}
