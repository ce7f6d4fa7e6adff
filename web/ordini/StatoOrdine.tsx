import type { Ordine } from '../../shared/ordini.js';
import { ETICHETTE_STATO_ORDINE } from '../../shared/ordini-costanti.js';
import { codiceStato, motivoOrdine, tonoStato } from './stato';

/**
 * An order's state as a labelled pill: the spec's green or red dot with 'Confermato' or 'Errore'
 * beside it, amber for one waiting for approval; with `motivo`, a refusal's reason or the limit a
 * held order passed under it as text (docs/regole/ordini.md#orders, docs/regole/organizzazione.md).
 */
export function StatoOrdine({ ordine, motivo = false }: {
  ordine: Pick<Ordine, 'response_code' | 'response_status'> & Partial<Pick<Ordine, 'approvazione' | 'approvazione_superamento' | 'approvazione_motivo'>>;
  motivo?: boolean;
}) {
  const perche = motivo ? motivoOrdine(ordine) : null;
  return (
    <>
      <span className={`status-pill status-dot${tonoStato(ordine)}`}>{ETICHETTE_STATO_ORDINE[codiceStato(ordine)]}</span>
      {perche && <span className="stato-motivo">{perche}</span>}
    </>
  );
}
