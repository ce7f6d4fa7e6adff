import { useId } from 'react';
import { NoteField } from './NoteField';
import { CartActions } from './CartActions';
import { Link } from 'react-router-dom';
import { useCart, type CartItem } from '../cart/cart';
import { formatEuro3 } from '../lib/formato';
import { usePriceMode, type PriceMode } from '../cart/priceMode';
import { EmptyState } from '../components/EmptyState';
import { useDialogs } from '../components/Modal';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ListeDialogButton } from '../liste/components/ListeDialogButton';
import { paths } from '../paths';
import { CartTotals, lineAmounts, MSG_SVUOTA, RemoveLineButton } from './CartSummary';
import { setOrdineDraft, useOrdineDraft } from './draft';
import { QuantitaInput } from './QuantitaInput';
import { QuickSearch } from './QuickSearch';
import { Thumb } from '../components/Thumb';
import { useConfermaOrdine, useVerificaDisponibilita } from './useConfermaOrdine';
import { disponibilitaTesto } from './disponibilitaTesto';
import './checkout.css';

/** /checkout (SPEC §2 Checkout): the cart lines, totals, order name and note, a quick search, confirmation. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { items, clear } = useCart();
  const mode = usePriceMode();
  const draft = useOrdineDraft();
  const { confirm } = useDialogs();
  const { conferma, busy } = useConfermaOrdine('checkout');
  const verifica = useVerificaDisponibilita();
  const nomeId = useId();
  const cartTitleId = useId();
  const vuoto = items.length === 0;

  const svuota = async () => {
    if (await confirm(MSG_SVUOTA, { danger: true, confirmLabel: 'Svuota' })) clear();
  };

  return (
    <div className="checkout">
      <div className="page-head">
        <h1>Checkout</h1>
      </div>
      <div className="checkout-grid">
        <div className="checkout-main">
          <section className="card checkout-search" aria-label="Cerca prodotti">
            <QuickSearch label="Cerca prodotti da aggiungere" />
          </section>

          <section className="card" aria-labelledby={cartTitleId}>
            <div className="card-head">
              <h2 id={cartTitleId}>Carrello</h2>
              <span className="badge">{items.length === 1 ? '1 articolo' : `${items.length} articoli`}</span>
            </div>
            {vuoto ? (
              <EmptyState
                title="Il carrello è vuoto."
                action={<Link className="btn" to={paths.home2.path}>Vai al catalogo</Link>}
              >
                Cerca un prodotto qui sopra per aggiungerlo.
              </EmptyState>
            ) : (
              <div className="table-scroll">
                <table className="table checkout-table">
                  <thead>
                    <tr>
                      <th scope="col" colSpan={2}>Prodotto</th>
                      <th scope="col">Quantità</th>
                      {mode !== 'nascosto' && <th scope="col" className="num">Parziale</th>}
                      {mode !== 'nascosto' && <th scope="col" className="num">Parziale scontato</th>}
                      <th scope="col"><span className="visually-hidden">Azioni</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => <CheckoutLine key={item.codice_prodotto} item={item} mode={mode} />)}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>

        <aside className="checkout-side">
          <section className="card card-body checkout-summary" aria-label="Riepilogo ordine">
            <h2 className="visually-hidden">Riepilogo ordine</h2>
            <CartTotals items={items} mode={mode} />
            <div className="field">
              <label htmlFor={nomeId}>Nome ordine ( facoltativo )</label>
              <input
                id={nomeId}
                className="input"
                maxLength={200}
                autoComplete="off"
                value={draft.nome}
                onChange={(e) => setOrdineDraft({ nome: e.target.value })}
              />
            </div>
            <NoteField rows={3} />
            <CartActions
              className="checkout-actions" vuoto={vuoto} busy={busy}
              onSvuota={() => void svuota()} onConferma={() => void conferma(items, draft)}
            />
            <button type="button" className="btn btn-ghost btn-block checkout-verifica" disabled={vuoto || busy} onClick={() => void verifica(items)}>
              Verifica disponibilità
            </button>
          </section>
        </aside>
      </div>
    </div>
  );
}

function CheckoutLine({ item, mode }: { item: CartItem; mode: PriceMode }) {
  const { remove } = useCart();
  const qtyId = useId();
  const labelId = useId();
  const codeId = useId();
  const importi = lineAmounts(item, mode);
  return (
    <tr>
      <td className="checkout-thumb">
        <Thumb codice={item.codice_prodotto} foto={item.foto_miniatura ?? item.foto_principale} size={40} />
      </td>
      <td className="checkout-product">
        <span id={codeId} className="checkout-code">Cod. Prodotto <span className="mono">{item.codice_prodotto}</span></span>
        <span className="checkout-title">{item.titolo}</span>
        <span className="hint">
          {importi && <>{formatEuro3(importi.unitario)} / {item.um || 'Pz'} · </>}
          <span className={`stock stock-${item.disponibilita_colore}`}>{disponibilitaTesto(item)}</span>
        </span>
      </td>
      <td className="checkout-qty">
        <label id={labelId} htmlFor={qtyId} className="label">Qt:</label>
        <QuantitaInput item={item} id={qtyId} aria-labelledby={`${labelId} ${codeId}`} />
      </td>
      {importi && <td className="num">{formatEuro3(importi.parziale)}</td>}
      {importi && <td className="num strong">{formatEuro3(importi.scontato)}</td>}
      <td>
        <div className="checkout-line-actions">
          <ListeDialogButton prodotto={item} className="btn btn-ghost btn-sm" />
          <RemoveLineButton codice={item.codice_prodotto} onRemove={remove} />
        </div>
      </td>
    </tr>
  );
}
