import { TrashIcon } from '../components/Icone';
import { formatImporto } from '../lib/formato';
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
        <dd className="num">{formatImporto(t.parziale)}</dd>
      </div>
      <div>
        <dt>Parziale scontato</dt>
        <dd className="num">{formatImporto(t.parzialeScontato)}</dd>
      </div>
      <div className="totals-grand">
        <dt>Totale</dt>
        <dd className="num">{formatImporto(t.totale)}</dd>
      </div>
    </dl>
  );
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
