import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router-dom';
import type { Prodotto } from '../../shared/catalogo.js';
import { apertaDaCapo, suPrimaPagina } from '../lib/ripristinoScroll';
import { ProductCard } from './ProductCard';

/** The cards of the first row or so, whose pictures load at once (the first is the page's largest paint on a phone). */
const IMMAGINI_SUBITO = 4;

/**
 * A grid is drawn a slice at a time, one slice per task: 50 cards are some 2,400 elements, one task
 * of hundreds of milliseconds on a phone during which a tap waits (total blocking time counts every
 * task's time past 50 ms). The first slice fills the screen with a row to spare, as a card is at least
 * 200 px wide and about 360 px high (15 cards at 1366 px; one on a phone, see primaFetta), so what is in
 * view is whole at once; the rest follows one card per task, below the fold: each task with the layout
 * it brings stays under 50 ms on a phone, where three cards a task did not (Lighthouse mobile, back to
 * back: categoria TBT 223 → 179 ms, ricerca 182 → 50 ms).
 */
function primaFetta(): number {
  // The screen's size, not the window's: reading window.innerWidth in a render forces a layout of
  // the page drawn so far. A window smaller than its screen gets a few cards more, at most 15.
  const colonne = Math.max(1, Math.floor((screen.width - 32) / 210));
  // On a phone (one card per row) the grid starts below the header, the filters or the flyer: one
  // card is in view at first, and the next ones follow a task each, about as soon.
  const righe = colonne === 1 ? 1 : Math.ceil(screen.height / 360) + 1;
  return Math.min(15, colonne * righe);
}
const FETTA = 1;

/**
 * Slices only when the page opens at its top: a new navigation (a link, a page of the list) or a
 * document opened anew. Going back or forward, or a reload, restores an earlier scroll position
 * (react-router's ScrollRestoration and web/lib/ripristinoScroll.ts): the whole grid at once takes
 * it there at once, where a grid growing a card a task took seconds on a busy machine.
 */
const apreInCima = (navigazione: string): boolean => navigazione !== 'POP' || (suPrimaPagina() && apertaDaCapo());

/** Products as a grid of cards; `resetKey` changes with the list (quantities back to 0). */
export function ProductGrid({ prodotti, label, resetKey }: {
  prodotti: Prodotto[];
  /** Accessible name of the list. */
  label: string;
  resetKey?: unknown;
}) {
  const navigazione = useNavigationType();
  // Decided once, when the grid appears.
  const [mostrati, setMostrati] = useState(() => (apreInCima(navigazione) ? primaFetta() : Infinity));
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
