import { useEffect, useRef, useState } from 'react';
import { removeFromCart, setCartQuantita, type CartItem } from '../cart/cart';
import { useDialogs } from '../components/Modal';
import { promettibile } from '../components/useAddToCart';
import { msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';

/** A line's pack; carts saved before packs have none (any quantity). */
const confezioneDi = (item: CartItem) => ({ multiplo: item.multiplo ?? 1, minimo: item.minimo ?? 1 });

/** Texts for cart quantities (docs/regole/ordini.md#cart-quantity). */
export const MSG_QUANTITA = {
  nonValida: 'Per favore, inserisci una quantità valida.',
  oltreDisponibilita: (max: number) =>
    `Attenzione: la quantità desiderata supera la disponibilità attuale. Impostata alla quantità massima disponibile di ${max}.`,
} as const;

/**
 * The editable quantity of a cart line (number, minimum 1). A valid number is applied as it is
 * typed, and rounded up to whole packs with an alert when the field is left (or on Enter); above what can be promised (stock plus on order, as the confirmation counts it) the line
 * is set to that with an alert; an empty or non-positive value is refused with an alert when the
 * field is left (or on Enter).
 */
export function QuantitaInput({ item, id, className = 'input cart-qty', ...aria }: {
  item: CartItem;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const { alert } = useDialogs();
  const [draft, setDraft] = useState(String(item.quantita));
  const draftRef = useRef(draft);
  draftRef.current = draft;

  useEffect(() => {
    setDraft(String(item.quantita));
  }, [item.quantita]);

  const max = promettibile(item);
  const apply = (n: number) => {
    if (n > max) {
      // Nothing left to promise: a quantity of 0 means no line.
      if (max >= 1) setCartQuantita(item.codice_prodotto, max);
      else removeFromCart(item.codice_prodotto);
      setDraft(String(Math.max(max, 1)));
      void alert(MSG_QUANTITA.oltreDisponibilita(max));
      return;
    }
    if (n !== item.quantita) setCartQuantita(item.codice_prodotto, n);
  };

  const parse = (v: string): number | null => {
    if (!/^\s*\d+\s*$/.test(v)) return null;
    const n = Number(v);
    return Number.isSafeInteger(n) && n >= 1 ? n : null;
  };

  const commit = () => {
    const n = parse(draftRef.current);
    if (n !== null) {
      // Whole packs (docs/regole/ordini.md#packs): rounded up when the field is left, and said.
      const a = quantitaConfezione(n, confezioneDi(item));
      if (a === n) return;
      draftRef.current = String(a);
      setDraft(String(a));
      apply(a);
      if (a <= max) void alert(msgQuantitaArrotondata(item.codice_prodotto, n, a, confezioneDi(item)));
      return;
    }
    // Reset first, so the blur caused by the alert taking focus finds a valid value.
    draftRef.current = String(item.quantita);
    setDraft(String(item.quantita));
    void alert(MSG_QUANTITA.nonValida);
  };

  return (
    <input
      id={id}
      className={className}
      type="number"
      inputMode="numeric"
      min={1}
      max={max >= 1 ? max : undefined}
      step={1}
      value={draft}
      {...aria}
      aria-invalid={parse(draft) === null ? true : undefined}
      onChange={(e) => {
        setDraft(e.target.value);
        const n = parse(e.target.value);
        if (n !== null) apply(n);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}
