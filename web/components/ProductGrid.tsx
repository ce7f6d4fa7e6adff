import type { Prodotto } from '../../shared/catalogo.js';
import { ProductCard } from './ProductCard';

/** Products as a grid of cards; `resetKey` changes with the list (quantities back to 0). */
export function ProductGrid({ prodotti, label, resetKey }: {
  prodotti: Prodotto[];
  /** Accessible name of the list. */
  label: string;
  resetKey?: unknown;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {prodotti.map((p) => (
        <li key={p.codice_prodotto}>
          <ProductCard prodotto={p} resetKey={resetKey} />
        </li>
      ))}
    </ul>
  );
}
