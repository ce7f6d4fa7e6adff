import { formatPrezzo } from '../lib/formato';
import { scontiInPercentuale } from '../../shared/sconti.js';
import { displayPrice, type PriceMode } from '../cart/priceMode';
import './catena.css';

/**
 * How a net price is made (docs/regole/catalogo.md#net-price): "Listino 10,000 € → 40% + 10% + 5% →
 * Netto 5,130 €", small, where a chain applies (`sconti` not ''); nothing otherwise or with prices
 * hidden. Each arrow goes with the step after it, so that a narrow card breaks the chain before an
 * arrow and never leaves one alone on a line.
 * `mode` null: amounts as they are (an order's lines are records, not prices on show).
 */
export function CatenaSconti({ prezzo, sconti, netto, mode, className = '' }: {
  prezzo: number;
  /** '' when none; missing in carts saved before chains. */
  sconti: string | undefined;
  netto: number;
  mode: PriceMode | null;
  className?: string;
}) {
  if (!sconti) return null;
  const listino = mode === null ? prezzo : displayPrice(prezzo, mode);
  const n = mode === null ? netto : displayPrice(netto, mode);
  if (listino === null || n === null) return null;
  return (
    <span className={`catena ${className}`.trim()}>
      <span className="catena-passo">Listino {formatPrezzo(listino)}</span>
      <span className="catena-passo catena-passo-sconti">
        <Freccia />
        <span className="catena-sconti">
          <span className="visually-hidden">sconti </span>
          {scontiInPercentuale(sconti)}
        </span>
      </span>
      <span className="catena-passo">
        <Freccia />
        Netto {formatPrezzo(n)}
      </span>
    </span>
  );
}

/** Read as a pause, not as "right arrow". */
const Freccia = () => (
  <>
    <span className="visually-hidden">, </span>
    <span className="catena-freccia" aria-hidden="true">{'→\u00a0'}</span>
  </>
);
