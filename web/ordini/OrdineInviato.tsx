import type { Ordine } from '../../shared/ordini.js';
import { forma } from '../lib/forma';
import type { Inviato } from './api';

/** The history's state read back (another shape reads as none). */
export const leggiInviato = forma<Inviato>({ id: 'intero', msg: 'string', conferma_a: 'string?' });

/**
 * The confirmation after an order (docs/regole/ordini.md#order-sent): 'Ordine #N inviato
 * correttamente.' (with the server's notes, e.g. a quantity rounded to whole packs), where the
 * confirmation mail goes, and the way to the order's detail once the list holds it.
 */
export function OrdineInviato({ inviato, ordine, apri, chiudi }: {
  inviato: Inviato;
  /** The order as the list read it, when it is on the page. */
  ordine: Ordine | undefined;
  apri: (o: Ordine) => void;
  chiudi: () => void;
}) {
  return (
    <div className="ordine-inviato" role="status">
      <div className="ordine-inviato-testo">
        <p className="strong">{inviato.msg}</p>
        {inviato.conferma_a && (
          <p>
            Ti abbiamo inviato la conferma con il PDF dell'ordine all'indirizzo <strong>{inviato.conferma_a}</strong>.
          </p>
        )}
      </div>
      <div className="ordine-inviato-azioni">
        {ordine && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => apri(ordine)}>
            Vedi l'ordine #{inviato.id}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-ghost" aria-label="Chiudi la conferma" onClick={chiudi}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
