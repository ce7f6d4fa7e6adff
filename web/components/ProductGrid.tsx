import type { Prodotto } from '../../shared/catalogo.js';
import { ProductCard } from './ProductCard';

/** The cards of the first row or so, whose pictures load at once (the first is the page's largest paint on a phone). */
const IMMAGINI_SUBITO = 4;

/** Products as a grid of cards; `resetKey` changes with the list (quantities back to 0). */
export function ProductGrid({ prodotti, label, resetKey }: {
  prodotti: Prodotto[];
  /** Accessible name of the list. */
  label: string;
  resetKey?: unknown;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {prodotti.map((p, i) => (
        <li key={p.codice_prodotto}>
          <ProductCard prodotto={p} resetKey={resetKey} immagine={i === 0 ? 'prima' : i < IMMAGINI_SUBITO ? 'subito' : 'pigra'} />
        </li>
      ))}
    </ul>
  );
}
