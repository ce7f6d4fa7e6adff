import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCart } from '../../cart/cart';
import { CartIcon } from '../../components/Icone';
import '../quickSearch.css';
import '../totals.css';
import '../speedCheckout.css';
import '../checkoutPage.css';
import '../checkoutTelefono.css';

// The panel (quick search, lines, note, confirmation) is not needed to draw a page: its code comes
// when it is first opened (docs/decisions/audit-web.md).
const SpeedCheckoutPanel = lazy(() => import('./SpeedCheckoutPanel').then((m) => ({ default: m.SpeedCheckoutPanel })));

/**
 * The Speed Checkout side panel (docs/regole/ordini.md#speed-checkout): a fixed cart button at the right edge opens a panel with
 * the quick search, the cart lines (quantity, remove), the totals, a note, 'Svuota Carrello' and
 * 'Conferma Ordine', and the company's contacts. Mount it once inside the shop frame (it needs
 * useShopSession); it draws itself fixed over the page.
 */
export function SpeedCheckout() {
  const { items, count } = useCart();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // The panel belongs to the page it was opened on: following a link (or a confirmed order) closes
  // it in the same render as the new page, so the two never share the screen (an effect left both
  // in the DOM for a frame).
  const [apertoSu, setApertoSu] = useState<string | null>(null);
  const open = apertoSu === pathname;
  const setOpen = (v: boolean) => setApertoSu(v ? pathname : null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={`sc-toggle${open ? ' is-open' : ''}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        // The visible words first, in their order (axe's label-content-name-mismatch), then what the badge counts.
        aria-label={`Speed Checkout · ordine veloce: ${count === 1 ? '1 articolo' : `${count} articoli`} nel carrello`}
        title="Speed Checkout: ordine veloce"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <CartIcon size={22} />
        {/* The spec's English name, with what it is in Italian beside it. */}
        <span className="sc-toggle-text" aria-hidden="true">Speed Checkout <span className="sc-hint">· ordine veloce</span></span>{' '}
        {count > 0 && <span className="sc-count" aria-hidden="true">{count}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SpeedCheckoutPanel id={panelId} items={items} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

