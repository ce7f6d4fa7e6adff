import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Prodotto } from '../../shared/catalogo.js';
import { addToCart } from '../cart/cart';
import { msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';
import { promettibile } from '../components/useAddToCart';
import { SearchIcon } from '../components/Icone';
import { formatPrezzo } from '../lib/formato';
import { displayPrice, usePriceMode } from '../cart/priceMode';
import { useDebounced } from '../hooks/useDebounced';
import { useDialogs } from '../components/Modal';
import { QueryView } from '../components/QueryView';
import { Spinner } from '../components/Spinner';
import { useShopSession } from '../session/shopSession';
import { quickSearchQuery } from './api';
import { Thumb } from '../components/Thumb';
import { disponibilitaTesto } from './disponibilitaTesto';

/** Search debounce 500 ms; the quick search needs more than 2 characters. */
export const QUICK_SEARCH_DEBOUNCE_MS = 500;
export const QUICK_SEARCH_MIN = 3;
export const MSG_GIACENZA = 'Giacenza non disponibile';

/**
 * The quick product search of the Speed Checkout panel and of /checkout (docs/regole/ordini.md#quick-search):
 * results after a 500 ms pause for more than 2 characters (a repeated term is not searched again);
 * adding puts quantity 1 in the cart, or alerts 'Giacenza non disponibile' when nothing can be
 * promised (stock plus on order below 1, the rule of the card and of the order's confirmation),
 * then clears the box and the results.
 */
export function QuickSearch({ label = 'Ricerca rapida prodotti', fuocoIniziale = false, className }: {
  label?: string;
  /** The box takes the focus as it mounts (the panel it opens with), not the page's autofocus. */
  fuocoIniziale?: boolean;
  className?: string;
}) {
  const { session } = useShopSession();
  const mode = usePriceMode();
  const { alert } = useDialogs();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [annuncio, setAnnuncio] = useState('');
  const term = useDebounced(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const codici = !!session.azienda_codice && !!session.cliente_codice;
  const attivo = codici && term.length >= QUICK_SEARCH_MIN && text.trim().length >= QUICK_SEARCH_MIN;
  const query = useQuery({
    ...quickSearchQuery(session.azienda_codice, session.cliente_codice, term),
    enabled: attivo,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (fuocoIniziale) inputRef.current?.focus();
  }, [fuocoIniziale]);

  const aggiungi = async (p: Prodotto) => {
    if (promettibile(p) < 1) {
      await alert(MSG_GIACENZA);
      return;
    }
    // One pack's worth at least (docs/regole/ordini.md#packs), said when it is more than one piece.
    const q = quantitaConfezione(1, p);
    addToCart(p, q);
    setText('');
    setAnnuncio(`${p.codice_prodotto} aggiunto al carrello.`);
    if (q !== 1) await alert(msgQuantitaArrotondata(p.codice_prodotto, 1, q, p));
    inputRef.current?.focus();
  };

  // Duplicates (the same product twice in an answer) are shown once.
  const prodotti = attivo && query.data
    ? query.data.prodotti.filter((p, i, all) => all.findIndex((x) => x.codice_prodotto === p.codice_prodotto) === i)
    : [];

  return (
    <div className={`qs${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId} className="label">{label}</label>
      <div className="qs-box">
        <SearchIcon className="qs-icon" />
        <input
          ref={inputRef}
          id={inputId}
          className="input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Codice, EAN o descrizione…"
          aria-describedby={hintId}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setAnnuncio('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) {
              e.stopPropagation();
              setText('');
            }
          }}
        />
        {attivo && query.isFetching && <span className="qs-busy"><Spinner label="Ricerca in corso…" /></span>}
      </div>
      <p id={hintId} className="hint qs-hint" aria-live="polite">
        {annuncio || (text.trim().length > 0 && text.trim().length < QUICK_SEARCH_MIN ? 'Inserisci almeno 3 caratteri.' : '')}
      </p>
      {attivo && (
        <QueryView
          query={query}
          loadingLabel="Ricerca in corso…"
          isEmpty={() => prodotti.length === 0}
          empty={<p className="qs-empty">Nessun prodotto trovato per questa ricerca.</p>}
        >
          {(d) => (
            <>
              <ul className="qs-results" aria-label={`Risultati per "${term}"`}>
                {prodotti.map((p) => {
                  const prezzo = displayPrice(p.prezzo_reale, mode);
                  return (
                    <li key={p.codice_prodotto} className="qs-item">
                      <Thumb codice={p.codice_prodotto} foto={p.foto_miniatura ?? p.foto_principale} size={32} />
                      <span className="qs-text">
                        <span className="codice qs-code">{p.codice_prodotto}</span>
                        <span className="qs-title" title={p.titolo}>{p.titolo}</span>
                      </span>
                      <span className="qs-meta">
                        {prezzo !== null && <span className="num">{formatPrezzo(prezzo)}</span>}
                        <span className={`stock stock-${p.disponibilita_colore}`}>{disponibilitaTesto(p)}</span>
                      </span>
                      <button
                        type="button"
                        className="btn btn-sm qs-add"
                        aria-label={`Aggiungi ${p.codice_prodotto} al carrello`}
                        title="Aggiungi al carrello (quantità 1)"
                        onClick={() => void aggiungi(p as Prodotto)}
                      >
                        <span aria-hidden="true">+</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              {d.totaleProdotti > prodotti.length && (
                <p className="hint qs-more">
                  Primi {prodotti.length} di {d.totaleProdotti} risultati: affina la ricerca.
                </p>
              )}
            </>
          )}
        </QueryView>
      )}
    </div>
  );
}
