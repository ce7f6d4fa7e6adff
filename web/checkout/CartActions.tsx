/** 'Svuota Carrello' and 'Conferma Ordine', both disabled when the cart is empty. */
export function CartActions({ className, vuoto, busy, onSvuota, onConferma }: {
  className: string;
  vuoto: boolean;
  busy: boolean;
  onSvuota: () => void;
  onConferma: () => void;
}) {
  return (
    <div className={className}>
      <button type="button" className="btn" disabled={vuoto || busy} onClick={onSvuota}>
        Svuota Carrello
      </button>
      <button type="button" className="btn btn-primary" disabled={vuoto || busy} aria-busy={busy} onClick={onConferma}>
        {busy ? 'Invio in corso…' : 'Conferma Ordine'}
      </button>
    </div>
  );
}
