import type { Ordine } from '../../shared/ordini.js';
import { motivoOrdine, ordineOk } from './stato';

/**
 * An order's state as a labelled pill: the spec's green or red dot with 'Confermato' or 'Errore'
 * beside it; with `motivo`, a refusal's reason under it as text (docs/regole/ordini.md#orders).
 */
export function StatoOrdine({ ordine, motivo = false }: { ordine: Pick<Ordine, 'response_code' | 'response_status'>; motivo?: boolean }) {
  const ok = ordineOk(ordine);
  const perche = motivo ? motivoOrdine(ordine) : null;
  return (
    <>
      <span className={`status-pill status-dot${ok ? ' is-ok' : ''}`}>{ok ? 'Confermato' : 'Errore'}</span>
      {perche && <span className="stato-motivo">{perche}</span>}
    </>
  );
}
