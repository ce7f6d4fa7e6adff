import type { Prodotto } from '../../shared/catalogo.js';
import { formatPrezzo } from '../lib/formato';
import { displayPrice, type PriceMode } from '../cart/priceMode';
import { CatenaSconti } from './CatenaSconti';
import { usePermessi } from '../session/permessi';

/**
 * A product's price in the current mode (docs/regole/catalogo.md#price-mode, docs/regole/catalogo.md#promo-new): the net price
 * per unit, with the list price struck through when the product is on promotion, and below it how
 * the net price is made when a discount chain applies (docs/regole/catalogo.md#net-price). Nothing
 * in the hidden mode.
 */
export function Price({ prodotto, mode, size = 'md' }: {
  prodotto: Pick<Prodotto, 'prezzo' | 'prezzo_reale' | 'promo' | 'um'> & { sconti?: string };
  mode: PriceMode;
  size?: 'md' | 'lg';
}) {
  const { vedePrezzi, etichettaPrezzo } = usePermessi();
  const netto = displayPrice(prodotto.prezzo_reale, mode);
  if (netto === null) return null;
  // A person who may not see net prices gets the list price as the price: nothing to strike through.
  const listino = vedePrezzi ? displayPrice(prodotto.prezzo, mode) : null;
  return (
    <div className={`price${size === 'lg' ? ' price-lg' : ''}`}>
      {prodotto.promo && listino !== null && (
        <s className="price-list">
          <span className="visually-hidden">Prezzo di listino </span>
          {formatPrezzo(listino)}
        </s>
      )}
      <span className="price-net">
        <span className="visually-hidden">{etichettaPrezzo} </span>
        {formatPrezzo(netto)}
      </span>
      <span className="price-um">/{prodotto.um || 'PZ'}</span>
      <CatenaSconti prezzo={prodotto.prezzo} sconti={prodotto.sconti} netto={prodotto.prezzo_reale} mode={mode} className="price-catena" />
    </div>
  );
}

/** The 'PROMO' and 'NEW' tags of a product. */
export function ProductTags({ prodotto }: { prodotto: Pick<Prodotto, 'promo' | 'novita'> }) {
  if (!prodotto.promo && !prodotto.novita) return null;
  return (
    <span className="tags">
      {prodotto.promo && <span className="tag tag-promo">PROMO</span>}
      {prodotto.novita && <span className="tag tag-new">NEW</span>}
    </span>
  );
}
