import { usePermessi } from '../session/permessi';

/**
 * 'Svuota Carrello' and 'Conferma Ordine' ('Invia in approvazione' for a role that may not confirm
 * orders, docs/regole/organizzazione.md), both disabled when the cart is empty or while a
 * confirmation runs; 'Invio in corso…' only while the order is being sent, not while a question
 * (availability, credit line, 'Sei sicuro…?') waits for an answer.
 */
export function CartActions({ className, vuoto, busy, inInvio, onSvuota, onConferma }: {
  className: string;
  vuoto: boolean;
  busy: boolean;
  inInvio: boolean;
  onSvuota: () => void;
  onConferma: () => void;
}) {
  const puoOrdinare = usePermessi().puo('ordinare');
  return (
    <div className={className}>
      <button type="button" className="btn" disabled={vuoto || busy} onClick={onSvuota}>
        Svuota Carrello
      </button>
      <button type="button" className="btn btn-primary" disabled={vuoto || busy} aria-busy={inInvio} onClick={onConferma}>
        {inInvio ? 'Invio in corso…' : puoOrdinare ? 'Conferma Ordine' : 'Invia in approvazione'}
      </button>
    </div>
  );
}
