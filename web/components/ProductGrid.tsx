import { useEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { Prodotto } from '../../shared/catalogo.js';
import { ProductCard } from './ProductCard';

/** The cards of the first row or so, whose pictures load at once (the first is the page's largest paint on a phone). */
const IMMAGINI_SUBITO = 4;

/**
 * A long grid is drawn a slice at a time, one slice per task: 50 cards at once are some 2,400
 * elements, one task of hundreds of milliseconds on a phone during which a tap waits (TBT). The first
 * slice fills more than a screen at any width (three rows of five at 1366 px), so what is in view is
 * whole at once, and the rest follows within a few frames, below the fold.
 */
const PRIMA_FETTA = 15;
const FETTA = 10;

/**
 * Slices only when the page opens at its top: a new navigation (a link, a page of the list) or a
 * first load typed or followed from outside. Going back or forward, or a reload, restores an earlier
 * scroll position (react-router's ScrollRestoration, right after the first render): the whole grid
 * must be there for it.
 */
function apreInCima(navigazione: string, primoCaricamento: boolean): boolean {
  if (navigazione !== 'POP') return true;
  if (!primoCaricamento) return false;
  const voce = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return voce?.type === 'navigate';
}

/** Products as a grid of cards; `resetKey` changes with the list (quantities back to 0). */
export function ProductGrid({ prodotti, label, resetKey }: {
  prodotti: Prodotto[];
  /** Accessible name of the list. */
  label: string;
  resetKey?: unknown;
}) {
  const navigazione = useNavigationType();
  const { key } = useLocation();
  // Decided once, when the grid appears ('default' is the key of the document's first location).
  const [mostrati, setMostrati] = useState(() => (apreInCima(navigazione, key === 'default') ? PRIMA_FETTA : Infinity));
  // The next slice after this one is painted: an effect runs in a task of its own.
  useEffect(() => {
    if (mostrati < prodotti.length) setMostrati((n) => n + FETTA);
  }, [mostrati, prodotti.length]);

  return (
    <ul className="product-grid" aria-label={label}>
      {prodotti.slice(0, mostrati).map((p, i) => (
        <li key={p.codice_prodotto}>
          <ProductCard prodotto={p} resetKey={resetKey} immagine={i === 0 ? 'prima' : i < IMMAGINI_SUBITO ? 'subito' : 'pigra'} />
        </li>
      ))}
    </ul>
  );
}
