import { LIMITI_ORDINE } from '../../shared/ordini-costanti.js';
import { NoteField } from './NoteField';
import { RiferimentoCantiereField } from './RiferimentoCantiereField';
import { CartActions } from './CartActions';
import { Collegamento } from '../components/Collegamento';
import { useCart, type CartItem } from '../cart/cart';
import { formatImporto, formatPrezzo } from '../lib/formato';
import { importiRiga, totaleNetto, usePriceMode, type PriceMode } from '../cart/priceMode';
import { type Column, DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { InputField } from '../components/form/InputField';
import { useModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { ListeDialogButton } from '../liste/components/ListeDialogButton';
import { paths } from '../paths';
import { CatenaSconti } from '../components/CatenaSconti';
import { CartTotals, MSG_SVUOTA, RemoveLineButton } from './CartSummary';
import { schemaOrdine, setOrdineDraft, useOrdineDraft } from '../cart/bozzaOrdine';
import { QuantitaInput } from './QuantitaInput';
import { QuickSearch } from './QuickSearch';
import { Thumb } from '../components/Thumb';
import { Scheda } from '../components/Scheda';
import { useConfermaOrdine, useVerificaDisponibilita } from './useConfermaOrdine';
import { disponibilitaTesto } from './disponibilitaTesto';
import { AvvisoFido } from '../contabilita/components/AvvisoFido';
import { usePermessi } from '../session/permessi';
import { RichiediPreventivo } from '../preventivi/RichiediPreventivo';
import { CreaPreventivo } from '../preventivi-cliente/CreaPreventivo';
import './quickSearch.css';
import './totals.css';
import './speedCheckout.css';
import './checkoutPage.css';

/** /checkout (docs/regole/ordini.md#checkout): the cart lines, totals, order name, job-site reference and note, a quick search, confirmation. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { items, clear, remove } = useCart();
  const mode = usePriceMode();
  const { vedeDocumenti } = usePermessi();
  const draft = useOrdineDraft();
  // The order's name, job-site reference and note: a form on the draft the Speed Checkout panel shares.
  const modulo = useModulo(schemaOrdine, draft, { stato: { valori: draft, cambia: setOrdineDraft } });
  const { confirm } = useDialogs();
  const { conferma, busy, inInvio } = useConfermaOrdine('checkout');
  const verifica = useVerificaDisponibilita();
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

          <Scheda titolo="Carrello" accanto={<span className="badge">{items.length === 1 ? '1 articolo' : `${items.length} articoli`}</span>}>
            <DataTable
              label="Articoli nel carrello"
              className="checkout-table"
              rows={items}
              columns={colonne(mode)}
              rowKey={(item) => item.codice_prodotto}
              empty={(
                <EmptyState title="Il carrello è vuoto." action={<Collegamento className="btn" to={paths.home2.path}>Vai al catalogo</Collegamento>}>
                  Cerca un prodotto qui sopra per aggiungerlo.
                </EmptyState>
              )}
              actions={(item) => (
                <div className="checkout-line-actions">
                  <ListeDialogButton prodotto={item} className="btn btn-ghost btn-sm" />
                  <RemoveLineButton codice={item.codice_prodotto} onRemove={remove} />
                </div>
              )}
            />
          </Scheda>
        </div>

        <aside className="checkout-side">
          <section className="card card-body checkout-summary" aria-label="Riepilogo ordine">
            <h2 className="visually-hidden">Riepilogo ordine</h2>
            <CartTotals items={items} mode={mode} />
            {/* Only with real prices on screen: the others would give away the net total. */}
            {mode === 'normale' && vedeDocumenti && <AvvisoFido totale={totaleNetto(items)} />}
            <InputField label="Nome ordine ( facoltativo )" maxLength={LIMITI_ORDINE.nome} autoComplete="off" {...modulo.campo('nome')} />
            <RiferimentoCantiereField {...modulo.campo('riferimento_cantiere')} />
            <NoteField rows={3} {...modulo.campo('note')} />
            <CartActions
              className="checkout-actions" vuoto={vuoto} busy={busy} inInvio={inInvio}
              onSvuota={() => void svuota()} onConferma={() => void conferma(items, draft, modulo)}
            />
            <button type="button" className="btn btn-ghost btn-block checkout-verifica" disabled={vuoto || busy} onClick={() => void verifica(items)}>
              Verifica disponibilità
            </button>
            <RichiediPreventivo className="btn btn-ghost btn-block checkout-verifica"
              righe={items.map((i) => ({ codice_prodotto: i.codice_prodotto, descrizione: i.titolo, quantita: i.quantita }))} />
            <CreaPreventivo origine={{ da: 'carrello', righe: items }} disabled={busy} />
          </section>
        </aside>
      </div>
    </div>
  );
}

/** A line's element ids: the quantity's label names the product's code in another cell. */
const idRiga = (item: CartItem, parte: string) => `checkout-${parte}-${encodeURIComponent(item.codice_prodotto)}`;

const colonne = (mode: PriceMode): Column<CartItem>[] => [
  {
    key: 'foto', header: <span className="visually-hidden">Foto</span>, className: 'checkout-thumb',
    cell: (item) => <Thumb codice={item.codice_prodotto} foto={item.foto_miniatura ?? item.foto_principale} size={40} />,
  },
  {
    key: 'prodotto', header: 'Prodotto', etichetta: '', className: 'checkout-product',
    cell: (item) => {
      const importi = importiRiga(item, mode);
      return (
        <>
          <span id={idRiga(item, 'codice')} className="checkout-code">Cod. Prodotto <span className="codice">{item.codice_prodotto}</span></span>
          <span className="checkout-title">{item.titolo}</span>
          <span className="hint">
            {importi && <>{formatPrezzo(importi.unitario)} / {item.um || 'Pz'} · </>}
            <span className={`stock stock-${item.disponibilita_colore}`}>{disponibilitaTesto(item)}</span>
          </span>
          <CatenaSconti prezzo={item.prezzo} sconti={item.sconti} netto={item.prezzo_reale} mode={mode} />
        </>
      );
    },
  },
  {
    key: 'quantita', header: 'Quantità', etichetta: '', className: 'checkout-qty',
    cell: (item) => (
      <>
        <label id={idRiga(item, 'etichetta')} htmlFor={idRiga(item, 'qta')} className="label">Qt:</label>
        <QuantitaInput item={item} id={idRiga(item, 'qta')} aria-labelledby={`${idRiga(item, 'etichetta')} ${idRiga(item, 'codice')}`} />
      </>
    ),
  },
  ...(mode === 'nascosto' ? [] : [
    { key: 'parziale', header: 'Parziale', align: 'end' as const, cell: (item: CartItem) => formatImporto(importiRiga(item, mode)!.parziale) },
    {
      key: 'scontato', header: 'Parziale scontato', align: 'end' as const, className: 'strong',
      cell: (item: CartItem) => formatImporto(importiRiga(item, mode)!.scontato),
    },
  ]),
];
