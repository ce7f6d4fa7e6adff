import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Prodotto } from '../../../shared/catalogo.js';
import { SearchIcon } from '../../components/Icone';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { Thumb } from '../../components/Thumb';
import { useDebounced } from '../../hooks/useDebounced';
import { formatPrezzo } from '../../lib/formato';
import { quickSearchQuery } from '../api';
import { disponibilitaTesto } from '../disponibilitaTesto';
import '../quickSearch.css';

/** Search debounce 500 ms; the quick search needs more than 2 characters. */
export const QUICK_SEARCH_DEBOUNCE_MS = 500;
export const QUICK_SEARCH_MIN = 3;

/**
 * The quick product search (docs/regole/ordini.md#quick-search): search/prodotti priced for the
 * client the codes name, results after a 500 ms pause for more than 2 characters (a repeated term is
 * not searched again), each with a '+' that hands the product to `onScegli`. When it answers a text
 * (what was done, announced to screen readers), the box and the results are cleared; null leaves
 * them. The cart's panel and /checkout add to the cart with it, the quote editors add a line.
 */
export function RicercaProdotti({ azienda, cliente, label, onScegli, azione, prezzo, fuocoIniziale = false, className }: {
  azienda: string;
  cliente: string;
  label: string;
  onScegli: (p: Prodotto) => Promise<string | null>;
  /** The '+' of a result: its accessible name and its tooltip. */
  azione: (p: Prodotto) => { label: string; title: string };
  /** The price shown beside a result (null: none). */
  prezzo: (p: Prodotto) => number | null;
  /** The box takes the focus as it mounts (the panel it opens with), not the page's autofocus. */
  fuocoIniziale?: boolean;
  className?: string | undefined;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [annuncio, setAnnuncio] = useState('');
  const term = useDebounced(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const attivo = !!azienda && !!cliente && term.length >= QUICK_SEARCH_MIN && text.trim().length >= QUICK_SEARCH_MIN;
  const query = useQuery({ ...quickSearchQuery(azienda, cliente, term), enabled: attivo, placeholderData: keepPreviousData });

  useEffect(() => {
    if (fuocoIniziale) inputRef.current?.focus();
  }, [fuocoIniziale]);

  const scegli = async (p: Prodotto) => {
    const fatto = await onScegli(p);
    if (fatto === null) return;
    setText('');
    setAnnuncio(fatto);
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
            // The box may sit in a form (a quote's editor): Enter searches nothing and submits nothing.
            if (e.key === 'Enter') e.preventDefault();
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
                  const euro = prezzo(p as Prodotto);
                  const a = azione(p as Prodotto);
                  return (
                    <li key={p.codice_prodotto} className="qs-item">
                      <Thumb codice={p.codice_prodotto} foto={p.foto_miniatura ?? p.foto_principale} size={32} />
                      <span className="qs-text">
                        <span className="codice qs-code">{p.codice_prodotto}</span>
                        <span className="qs-title" title={p.titolo}>{p.titolo}</span>
                      </span>
                      <span className="qs-meta">
                        {euro !== null && <span className="num">{formatPrezzo(euro)}</span>}
                        <span className={`stock stock-${p.disponibilita_colore}`}>{disponibilitaTesto(p)}</span>
                      </span>
                      <button type="button" className="btn btn-sm qs-add" aria-label={a.label} title={a.title} onClick={() => void scegli(p as Prodotto)}>
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
