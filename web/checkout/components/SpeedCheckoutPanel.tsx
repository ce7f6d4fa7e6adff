import { useEffect, useId, useRef, useState } from 'react';
import { NoteField } from '../NoteField';
import { RiferimentoCantiereField } from '../RiferimentoCantiereField';
import { CartActions } from '../CartActions';
import { Collegamento } from '../../components/Collegamento';
import { AZIENDA, CASELLE, telHref } from '../../lib/azienda';
import { useCart, type CartItem } from '../../cart/cart';
import { formatImporto, formatPrezzo } from '../../lib/formato';
import { importiRiga, usePriceMode, type PriceMode } from '../../cart/priceMode';
import { AvvisoPrezzi } from '../../components/AvvisoPrezzi';
import { useDialogs } from '../../components/Modal';
import { paths } from '../../paths';
import { CatenaSconti } from '../../components/CatenaSconti';
import { CartTotals, MSG_SVUOTA, RemoveLineButton } from '../CartSummary';
import { useModulo } from '../../components/form/useModulo';
import { schemaOrdine, setOrdineDraft, useOrdineDraft } from '../../cart/bozzaOrdine';
import { QuantitaInput } from '../QuantitaInput';
import { QuickSearch } from '../QuickSearch';
import { Thumb } from '../../components/Thumb';
import { useConfermaOrdine } from '../useConfermaOrdine';
import { disponibilitaTesto } from '../disponibilitaTesto';

/** A phone's width or a touch screen: there a focused box raises the on-screen keyboard. */
const TASTIERA_A_SCHERMO = '(max-width: 600px), (pointer: coarse)';

/** The Speed Checkout's panel, loaded when it is first opened (SpeedCheckout.tsx). */
export function SpeedCheckoutPanel({ id, items, onClose }: { id: string; items: CartItem[]; onClose: () => void }) {
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  // The search box takes the focus as the panel opens, except where the keyboard it raises would
  // cover the cart: there the panel itself takes it (its name read out), the box only when tapped.
  const [tastiera] = useState(() => window.matchMedia(TASTIERA_A_SCHERMO).matches);
  useEffect(() => {
    if (tastiera) panelRef.current?.focus();
  }, [tastiera]);
  const mode = usePriceMode();
  const draft = useOrdineDraft();
  // The panel shows the job-site reference and the note (the order's name is on /checkout): its form is those boxes, on the shared draft.
  const testi = { riferimento_cantiere: draft.riferimento_cantiere, note: draft.note };
  const modulo = useModulo(schemaOrdine, testi, { stato: { valori: testi, cambia: setOrdineDraft } });
  const { clear } = useCart();
  const { confirm } = useDialogs();
  const { conferma, busy, inInvio } = useConfermaOrdine('pannello');
  const vuoto = items.length === 0;

  const svuota = async () => {
    if (await confirm(MSG_SVUOTA, { danger: true, confirmLabel: 'Svuota' })) clear();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog closes on Escape (the rule allows it on a <dialog>; this non-modal one is a section)
    <section
      ref={panelRef}
      id={id}
      tabIndex={-1}
      className="sc-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="sc-head">
        <h2 id={titleId}>Speed Checkout <span className="sc-hint">ordine veloce</span></h2>
        <span className="badge">{items.length === 1 ? '1 articolo' : `${items.length} articoli`}</span>
        <button type="button" className="btn btn-ghost modal-close" aria-label="Chiudi Speed Checkout" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>

      <div className="sc-body">
        <AvvisoPrezzi />
        <QuickSearch fuocoIniziale={!tastiera} className="sc-search" />

        <h3 className="sc-section-title">Carrello</h3>
        {vuoto ? (
          <p className="sc-empty">Il carrello è vuoto</p>
        ) : (
          <ul className="sc-lines" aria-label="Righe del carrello">
            {items.map((item) => <PanelLine key={item.codice_prodotto} item={item} mode={mode} />)}
          </ul>
        )}

        <RiferimentoCantiereField className="sc-riferimento" {...modulo.campo('riferimento_cantiere')} />
        <NoteField className="sc-note" rows={2} {...modulo.campo('note')} />

        <footer className="sc-contacts" aria-label="Contatti">
          <p>
            <strong>{AZIENDA.ragioneSociale}</strong>
            <br />
            {AZIENDA.indirizzo}, {AZIENDA.cap} {AZIENDA.citta} ({AZIENDA.provincia})
            <br />
            Tel. <a href={telHref(AZIENDA.telefono)}>{AZIENDA.telefono}</a> · Fax {AZIENDA.fax}
          </p>
          <ul>
            {CASELLE.map((c) => (
              <li key={c.email}>
                <span className="muted">{c.reparto}:</span> <a href={`mailto:${c.email}`}>{c.email}</a>
              </li>
            ))}
          </ul>
        </footer>
      </div>

      <div className="sc-foot">
        <CartTotals items={items} mode={mode} className="totals totals-compact" />
        <CartActions
          className="sc-actions" vuoto={vuoto} busy={busy} inInvio={inInvio}
          onSvuota={() => void svuota()} onConferma={() => void conferma(items, draft, modulo)}
        />
        <Collegamento className="sc-link" to={paths.checkout.path}>Vai al checkout completo</Collegamento>
        <Collegamento className="sc-link" to={paths.ordineRapido.path}>Ordine rapido: incolla codici o carica un file</Collegamento>
      </div>
    </section>
  );
}

function PanelLine({ item, mode }: { item: CartItem; mode: PriceMode }) {
  const { remove } = useCart();
  const importi = importiRiga(item, mode);
  return (
    <li className="sc-line">
      <Thumb codice={item.codice_prodotto} foto={item.foto_miniatura ?? item.foto_principale} size={36} />
      <div className="sc-line-info">
        <span className="codice sc-line-code">{item.codice_prodotto}</span>
        <span className="sc-line-title" title={item.titolo}>{item.titolo}</span>
        {importi && (
          <span className="hint">
            {formatPrezzo(importi.unitario)} / {item.um || 'Pz'} · {disponibilitaTesto(item)}
          </span>
        )}
        <CatenaSconti prezzo={item.prezzo} sconti={item.sconti} netto={item.prezzo_reale} mode={mode} />
      </div>
      <QuantitaInput item={item} aria-label={`Quantità ${item.codice_prodotto}`} />
      <div className="sc-line-amounts">
        {importi && (
          <>
            {importi.parziale !== importi.scontato && (
              <span className="num strike"><span className="visually-hidden">Parziale </span>{formatImporto(importi.parziale)}</span>
            )}
            <span className="num strong"><span className="visually-hidden">Parziale scontato </span>{formatImporto(importi.scontato)}</span>
          </>
        )}
      </div>
      <RemoveLineButton codice={item.codice_prodotto} onRemove={remove} />
    </li>
  );
}
