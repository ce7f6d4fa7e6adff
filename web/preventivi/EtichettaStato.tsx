import type { StatoPreventivo } from '../../shared/preventivi-costanti.js';

/** A quote's state as a badge: its label, coloured by what it asks of the reader. */
export function EtichettaStato({ testo, stato }: { testo: string; stato: StatoPreventivo }) {
  const tono = stato === 'offerta' || stato === 'info_richiesta' ? 'azione'
    : stato === 'ordinata' || stato === 'accettata' ? 'ok'
      : stato === 'rifiutata' || stato === 'scaduta' || stato === 'annullata' ? 'chiuso' : 'attesa';
  return <span className={`badge preventivo-stato preventivo-stato-${tono}`}>{testo}</span>;
}
