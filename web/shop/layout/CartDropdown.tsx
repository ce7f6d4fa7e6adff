import { useNavigate } from 'react-router-dom';
import { useCart } from '../../cart/cart';
import { formatImporto } from '../../lib/formato';
import { cartTotals, importiRiga, type PriceMode, usePriceMode } from '../../cart/priceMode';
import { type Column, DataTable } from '../../components/DataTable';
import { Disclosure } from '../../components/Dropdown';
import { CartIcon, TrashIcon } from '../../components/Icone';
import { paths } from '../../paths';

export const MSG_CARRELLO_VUOTO = 'Nessun articolo nel carrello';

/**
 * Cart dropdown of the header (docs/regole/catalogo.md#shop-frame): code, description, quantity and line total (per price
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
          <span className="header-btn-text">Carrello</span>{' '}
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

type Riga = ReturnType<typeof useCart>['items'][number];

const colonne = (mode: PriceMode): Column<Riga>[] => [
  { key: 'codice', header: 'Codice', className: 'codice nowrap', cell: (item) => item.codice_prodotto },
  { key: 'descrizione', header: 'Descrizione', className: 'cart-dd-desc', cell: (item) => <span title={item.titolo}>{item.titolo}</span> },
  { key: 'qt', header: 'Qt.', align: 'end', cell: (item) => item.quantita },
  ...(mode === 'nascosto' ? [] : [{
    key: 'totale', header: 'Totale', align: 'end' as const, className: 'nowrap',
    cell: (item: Riga) => {
      const importi = importiRiga(item, mode);
      return importi === null ? '' : formatImporto(importi.scontato);
    },
  }]),
];

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
          <DataTable
            label="Articoli nel carrello"
            className="cart-dd-table"
            scrollClassName="cart-dd-scroll"
            rows={items}
            columns={colonne(mode)}
            rowKey={(item) => item.codice_prodotto}
            empty={MSG_CARRELLO_VUOTO}
            actions={(item) => (
              <button
                type="button"
                className="btn btn-ghost btn-icon"
                aria-label={`Rimuovi ${item.codice_prodotto} dal carrello`}
                onClick={() => remove(item.codice_prodotto)}
              >
                <TrashIcon size={14} />
              </button>
            )}
          />
          {!hidden && (
            <p className="cart-dd-total">
              <span>Totale</span>
              <strong className="num" data-testid="cart-total">{formatImporto(totals.totale)}</strong>
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
