import { TrashIcon } from '../components/Icone';
import { formatEuro3 } from '../lib/formato';
import { cartTotals, type PriceMode } from '../cart/priceMode';
import type { CartItem } from '../cart/cart';

/** Emptying the cart asks this (docs/regole/ordini.md#cart). */
export const MSG_SVUOTA = 'Sei sicuro di voler svuotare il carrello?';

/** Partial (list prices), discounted partial (net prices) and overall total of the cart, per price mode. */
export function CartTotals({ items, mode, className = 'totals' }: { items: CartItem[]; mode: PriceMode; className?: string }) {
  if (mode === 'nascosto') {
    return <p className="hint totals-hidden">Prezzi nascosti.</p>;
  }
  const t = cartTotals(items, mode);
  return (
    <dl className={className} aria-label="Totali del carrello">
      <div>
        <dt>Parziale</dt>
        <dd className="num">{formatEuro3(t.parziale)}</dd>
      </div>
      <div>
        <dt>Parziale scontato</dt>
        <dd className="num">{formatEuro3(t.parzialeScontato)}</dd>
      </div>
      <div className="totals-grand">
        <dt>Totale</dt>
        <dd className="num">{formatEuro3(t.totale)}</dd>
      </div>
    </dl>
  );
}

/** Line amounts in a mode: list-price and net-price totals, null when prices are hidden. */
export function lineAmounts(item: CartItem, mode: PriceMode) {
  if (mode === 'nascosto') return null;
  const f = mode === 'doppio' ? 2 : 1;
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  return {
    unitario: r3(item.prezzo_reale * f),
    parziale: r3(r3(item.prezzo * f) * item.quantita),
    scontato: r3(r3(item.prezzo_reale * f) * item.quantita),
  };
}

/** The remove control of a cart line. */
export function RemoveLineButton({ codice, onRemove }: { codice: string; onRemove: (codice: string) => void }) {
  return (
    <button
      type="button"
      className="btn btn-ghost icon-btn"
      aria-label={`Rimuovi ${codice} dal carrello`}
      title="Rimuovi"
      onClick={() => onRemove(codice)}
    >
      <TrashIcon />
    </button>
  );
}
