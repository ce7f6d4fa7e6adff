import { useContext, useMemo } from 'react';
import type { Prodotto } from '../../shared/catalogo.js';
import { useCart } from '../cart/cart';
import { usePriceMode } from '../cart/priceMode';
import { ProductActionsContext } from './productActions';
import { ProductCard } from './ProductCard';

/** The cards of the first row or so, whose pictures load at once (the first is the page's largest paint on a phone). */
const IMMAGINI_SUBITO = 4;

/**
 * Products as a grid of cards. The grid reads the cart, the price mode and the cards' extra actions
 * once and hands each card what it needs, so that a card subscribes to nothing: a change of the
 * cart redraws only the card whose quantity changed (ProductCard is memoised). Cards below the
 * first screen are laid out and painted only when scrolled near (`content-visibility`, product.css).
 * The caller keys the grid by its list: a new list starts every card's quantity afresh.
 */
export function ProductGrid({ prodotti, label, codiceCliente }: {
  prodotti: Prodotto[];
  /** The product a search found by the client's own code, with that code: its card says so. */
  codiceCliente?: { codice_prodotto: string; codice: string };
  /** Accessible name of the list. */
  label: string;
}) {
  const mode = usePriceMode();
  const { items } = useCart();
  const azioni = useContext(ProductActionsContext);
  const nelCarrello = useMemo(() => new Map(items.map((i) => [i.codice_prodotto, i.quantita])), [items]);

  return (
    <ul className="product-grid" aria-label={label}>
      {prodotti.map((p, i) => (
        <li key={p.codice_prodotto}>
          <ProductCard
            prodotto={p} mode={mode} inCart={nelCarrello.get(p.codice_prodotto) ?? 0} azioni={azioni}
            immagine={i === 0 ? 'prima' : i < IMMAGINI_SUBITO ? 'subito' : 'pigra'}
            codiceCliente={codiceCliente?.codice_prodotto === p.codice_prodotto ? codiceCliente.codice : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
