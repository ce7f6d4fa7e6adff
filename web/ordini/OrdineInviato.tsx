import type { Ordine } from '../../shared/ordini.js';
import { forma } from '../lib/forma';
import type { Inviato } from './api';

/** The history's state read back (another shape reads as none). */
export const leggiInviato = forma<Inviato>({ id: 'intero', msg: 'string', conferma_a: 'string?', stato: 'string?' });

/**
 * The confirmation after an order (docs/regole/ordini.md#order-sent): 'Ordine #N inviato
 * correttamente.' (with the server's notes, e.g. a quantity rounded to whole packs), where the
 * confirmation mail goes, and the way to the order's detail once the list holds it. An order held
 * for approval (docs/regole/organizzazione.md) says so in the same banner: 'Ordine #N in attesa di
 * approvazione' with the limit it passed and by how much (the server's words).
 */
export function OrdineInviato({ inviato, ordine, apri, chiudi }: {
  inviato: Inviato;
  /** The order as the list read it, when it is on the page. */
  ordine: Ordine | undefined;
  apri: (o: Ordine) => void;
  chiudi: () => void;
}) {
  const inAttesa = inviato.stato === 'in_approvazione';
  return (
    <div className={`ordine-inviato${inAttesa ? ' is-in-attesa' : ''}`} role="status">
      <div className="ordine-inviato-testo">
        <p className="strong">{inviato.msg}</p>
        {inAttesa && (
          <p>Gli approvatori della tua azienda hanno ricevuto una mail: quando decidono, lo vedi qui nei tuoi ordini e ricevi una mail.</p>
        )}
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
