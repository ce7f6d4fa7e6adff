import { useId, useState, type ReactNode } from 'react';
import './pannelloFiltri.css';

/**
 * A list's filters, folded on a phone behind a 'Filtri' button that counts the filters in use (they
 * would fill the first screen); from 600 px up the button is hidden and the filters always shown.
 */
export function PannelloFiltri({ attivi, children }: {
  /** How many filters are in use (the URL's). */
  attivi: number;
  children: ReactNode;
}) {
  const [aperto, setAperto] = useState(false);
  const id = useId();
  return (
    <div className={`filtri-pannello${aperto ? ' is-open' : ''}`}>
      <button type="button" className="btn filtri-toggle" aria-expanded={aperto} aria-controls={id} onClick={() => setAperto((a) => !a)}>
        Filtri
        {attivi > 0 && (
          <span className="badge">
            {attivi}
            <span className="visually-hidden">{attivi === 1 ? ' attivo' : ' attivi'}</span>
          </span>
        )}
      </button>
      <div id={id} className="filtri-corpo">{children}</div>
    </div>
  );
}
