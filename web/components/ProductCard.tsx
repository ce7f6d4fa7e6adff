import { CartIcon, MinusIcon, PlusIcon } from './Icone';
import { memo, useId, useState, type ReactNode } from 'react';
import { Collegamento } from './Collegamento';
import type { Prodotto } from '../../shared/catalogo.js';
import type { PriceMode } from '../cart/priceMode';
import { paths } from '../paths';
import { Availability } from './Availability';
import { Price, ProductTags } from './Price';
import { ProductImage } from './ProductImage';
import { useAddToCart } from './useAddToCart';
import { cartQuantita } from '../cart/cart';
import { haConfezione, regolaConfezione } from '../../shared/confezioni.js';
import './product.css';

/** Navigation state of /prodotto: the product travels with the link (docs/regole/catalogo.md#product-page). */
export interface ProdottoState {
  prodotto: Prodotto;
}

/** A quantity typed by the user, as an integer (0 when it is not a number). */
export function parseQuantita(text: string): number {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/**
 * A product in a list (docs/regole/catalogo.md#product-card, docs/regole/ordini.md#add-to-cart):
 * picture, title, codes, availability, price in the current mode, PROMO/NEW tags, a quantity control
 * and 'Aggiungi al carrello'. The title and picture open /prodotto. It reads no context or store: the
 * grid (ProductGrid) hands it the price mode, its quantity in the cart and the extra actions, and the
 * memo redraws it only when one of them changes.
 */
export const ProductCard = memo(function ProductCard({ prodotto, mode, inCart, azioni, immagine = 'pigra', codiceCliente }: {
  prodotto: Prodotto;
  /** The client's own code, when the search found the product by it (docs/regole/ordine-rapido.md#own-codes). */
  codiceCliente?: string;
  mode: PriceMode;
  /** Its quantity in the cart (0: not there); the field starts at it. */
  inCart: number;
  /** Extra controls in the card footer (e.g. the lists dialog button): ProductActionsContext. */
  azioni: ((prodotto: Prodotto) => ReactNode) | null;
  /**
   * How the picture loads: 'pigra' when scrolled near (lazy), 'subito' at once (a card of the first
   * row), 'prima' at once and ahead of the other images (the first card: a phone's largest paint).
   */
  immagine?: 'prima' | 'subito' | 'pigra';
}) {
  const footerActions = azioni?.(prodotto);
  const titleId = useId();
  const [quantita, setQuantita] = useState(() => String(inCart));
  const { add, message, overlay } = useAddToCart();

  const state: ProdottoState = { prodotto };
  const scheda = paths.prodotto.href({ codice: prodotto.codice_prodotto });
  const codiceFornitore = prodotto.info.codice_fornitore[0];

  return (
    <article className="pcard" aria-labelledby={titleId}>
      <Collegamento to={scheda} state={state} className="pcard-media" tabIndex={-1} aria-hidden="true">
        <ProductImage
          prodotto={prodotto}
          alt=""
          loading={immagine === 'pigra' ? 'lazy' : 'eager'}
          fetchPriority={immagine === 'prima' ? 'high' : undefined}
        />
        <ProductTags prodotto={prodotto} />
      </Collegamento>
      <div className="pcard-body">
        <h3 className="pcard-title" id={titleId}>
          <Collegamento to={scheda} state={state}>
            {prodotto.titolo}
          </Collegamento>
        </h3>
        <dl className="pcard-codes">
          {codiceCliente && (
            <>
              <dt>Il tuo codice</dt>
              <dd className="codice pcard-codice-cliente">{codiceCliente}</dd>
            </>
          )}
          <dt>Cod.</dt>
          <dd className="codice">{prodotto.codice_prodotto}</dd>
          {codiceFornitore && (
            <>
              <dt>Forn.</dt>
              <dd className="codice">{codiceFornitore}</dd>
            </>
          )}
          {prodotto.brand_id !== '000' && prodotto.brand_descrizione && (
            <>
              <dt>Marca</dt>
              <dd>{prodotto.brand_descrizione}</dd>
            </>
          )}
        </dl>
        <Availability prodotto={prodotto} />
        <div className="pcard-price-row">
          <Price prodotto={prodotto} mode={mode} />
        </div>
        {(prodotto.pz_conf > 1 || haConfezione(prodotto)) && (
          // A line of its own that wraps: beside the price it could not, and widened the page.
          <p className="pcard-conf">
            {prodotto.pz_conf > 1 && <span>Conf. {prodotto.pz_conf} pz</span>}
            {haConfezione(prodotto) && <span className="pcard-multiplo">{regolaConfezione(prodotto)}</span>}
          </p>
        )}
      </div>
      <div className="pcard-footer">
        <div className="pcard-buy">
          <QuantityControl value={quantita} onChange={setQuantita} label={`Quantità ${prodotto.codice_prodotto}`} />
          <button
            type="button"
            className="btn btn-primary pcard-add"
            aria-label="Aggiungi al carrello"
            title="Aggiungi al carrello"
            onClick={() => {
              const esito = add(prodotto, parseQuantita(quantita)).esito;
              // The field shows what the cart now holds: a quantity rounded up to whole packs included.
              if (esito === 'aggiunto' || esito === 'parziale') setQuantita(String(cartQuantita(prodotto.codice_prodotto)));
            }}
          >
            <CartIcon />
            <span className="pcard-add-text">Aggiungi</span>
          </button>
        </div>
        {footerActions != null && footerActions !== false && <div className="pcard-actions">{footerActions}</div>}
        <p className="pcard-incart">{inCart > 0 ? `Nel carrello: ${inCart}` : '\u00a0'}</p>
        <p className={`pcard-msg pcard-toast${message ? ` is-${message.tone}` : ''}`} role="status">
          {message?.text}
        </p>
      </div>
      {overlay}
    </article>
  );
});

/**
 * Minus, number field, plus: minus never goes below 1, plus
 * adds one, and leaving the field with an empty, non-positive or non-numeric value makes it 1.
 */
export function QuantityControl({ value, onChange, label }: {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the field. */
  label: string;
}) {
  const n = parseQuantita(value);
  return (
    <div className="qty">
      <button type="button" className="qty-btn" aria-label="Diminuisci quantità" onClick={() => onChange(String(Math.max(1, n - 1)))}>
        <MinusIcon size={14} />
      </button>
      <input
        className="qty-input"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onChange(String(n > 0 ? n : 1))}
      />
      <button type="button" className="qty-btn" aria-label="Aumenta quantità" onClick={() => onChange(String(Math.max(0, n) + 1))}>
        <PlusIcon size={14} />
      </button>
    </div>
  );
}
