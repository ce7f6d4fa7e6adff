import type { Prodotto } from '../../shared/catalogo.js';
import { TESTI_DISPONIBILITA } from '../../shared/catalogo-costanti.js';

/** Availability dot and text (docs/regole/catalogo.md#availability-colour: in stock, only on order, none) with the quantities. */
export function Availability({ prodotto, compact = false }: {
  prodotto: Pick<Prodotto, 'disponibilita_colore' | 'disponibilita' | 'ord_forn' | 'um'>;
  /** Hide the quantities. */
  compact?: boolean;
}) {
  const colore = prodotto.disponibilita_colore;
  const um = prodotto.um || 'PZ';
  return (
    <div className={`avail avail-${colore}`}>
      <span className="avail-dot" aria-hidden="true" />
      <span className="avail-text">{TESTI_DISPONIBILITA[colore]}</span>
      {!compact && (
        <span className="avail-qty">
          {prodotto.disponibilita > 0 && <span title="Giacenza disponibile">Disp. {prodotto.disponibilita} {um}</span>}
          {prodotto.ord_forn > 0 && <span title="Quantità ordinata al fornitore">Ord. {prodotto.ord_forn}</span>}
        </span>
      )}
    </div>
  );
}
