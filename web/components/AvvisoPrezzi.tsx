import { setPriceMode, usePriceMode } from '../cart/priceMode';
import './avvisoPrezzi.css';

/**
 * While a price display mode other than the real prices is on, the priced screens say so in the
 * page's flow (never over content), with a way back to the real prices (docs/regole/catalogo.md#price-mode).
 */
export function AvvisoPrezzi({ className = '' }: { className?: string }) {
  const mode = usePriceMode();
  if (mode === 'normale') return null;
  return (
    <div className={`avviso-prezzi ${className}`.trim()} role="status" data-testid="avviso-prezzi">
      <p>
        {mode === 'doppio' ? (
          <>
            <strong>Prezzi visualizzati ×2</strong>: prezzi e totali di catalogo e carrello sono il doppio di quelli reali.
          </>
        ) : (
          <>
            <strong>Prezzi nascosti</strong>: catalogo e carrello non mostrano i prezzi.
          </>
        )}{' '}
        Gli ordini confermati mostrano sempre gli importi ordinati.
      </p>
      <button type="button" className="btn btn-sm" onClick={() => setPriceMode('normale')}>
        Mostra i prezzi reali
      </button>
    </div>
  );
}
