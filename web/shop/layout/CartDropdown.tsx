import { useNavigate } from 'react-router-dom';
import { useCart } from '../../cart/cart';
import { formatEuro3 } from '../../lib/formato';
import { cartTotals, displayPrice, usePriceMode } from '../../cart/priceMode';
import { Disclosure } from '../../components/Dropdown';
import { CartIcon, TrashIcon } from '../../components/icons';
import { paths } from '../../paths';

export const MSG_CARRELLO_VUOTO = 'Nessun articolo nel carrello';

/**
 * Cart dropdown of the header (SPEC §2): code, description, quantity and line total (per price
 * mode), a remove control, the total and 'Checkout'.
 */
export function CartDropdown() {
  const { items, count } = useCart();
  return (
    <Disclosure
      label={`Carrello, ${count} ${count === 1 ? 'articolo' : 'articoli'}`}
      buttonClassName="btn header-btn header-cart"
      align="end"
      panelClassName="cart-panel"
      buttonContent={
        <>
          <CartIcon size={18} />
          <span className="header-btn-text">Carrello</span>
          <span className={`cart-count${count ? '' : ' is-empty'}`} aria-hidden="true">
            {count}
          </span>
        </>
      }
    >
      {(close) => <CartPanel items={items} close={close} />}
    </Disclosure>
  );
}

function CartPanel({ items, close }: { items: ReturnType<typeof useCart>['items']; close: () => void }) {
  const { remove } = useCart();
  const mode = usePriceMode();
  const navigate = useNavigate();
  const totals = cartTotals(items, mode);
  const hidden = mode === 'nascosto';

  return (
    <section aria-label="Carrello" className="cart-dd">
      <h2 className="cart-dd-title">Carrello</h2>
      {items.length === 0 ? (
        <p className="cart-dd-empty">{MSG_CARRELLO_VUOTO}</p>
      ) : (
        <>
          <div className="cart-dd-scroll">
            <table className="cart-dd-table">
              <caption className="visually-hidden">Articoli nel carrello</caption>
              <thead>
                <tr>
                  <th scope="col">Codice</th>
                  <th scope="col">Descrizione</th>
                  <th scope="col" className="num">Qt.</th>
                  {!hidden && <th scope="col" className="num">Totale</th>}
                  <th scope="col"><span className="visually-hidden">Rimuovi</span></th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const unit = displayPrice(item.prezzo_reale, mode);
                  return (
                    <tr key={item.codice_prodotto}>
                      <td className="mono nowrap">{item.codice_prodotto}</td>
                      <td className="cart-dd-desc" title={item.titolo}>{item.titolo}</td>
                      <td className="num">{item.quantita}</td>
                      {!hidden && <td className="num nowrap">{unit === null ? '' : formatEuro3(unit * item.quantita)}</td>}
                      <td>
                        <button
                          type="button"
                          className="btn btn-ghost btn-icon"
                          aria-label={`Rimuovi ${item.codice_prodotto} dal carrello`}
                          onClick={() => remove(item.codice_prodotto)}
                        >
                          <TrashIcon size={14} />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {!hidden && (
            <p className="cart-dd-total">
              <span>Totale</span>
              <strong className="num" data-testid="cart-total">{formatEuro3(totals.totale)}</strong>
            </p>
          )}
        </>
      )}
      <div className="cart-dd-actions">
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => {
            close();
            void navigate(paths.checkout.path);
          }}
        >
          Checkout
        </button>
      </div>
    </section>
  );
}
