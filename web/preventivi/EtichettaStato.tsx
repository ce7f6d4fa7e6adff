import type { StatoPreventivo } from '../../shared/preventivi-costanti.js';
import { formatData } from '../lib/formato';

/** A quote's state as a badge: its label, coloured by what it asks of the reader. */
export function EtichettaStato({ testo, stato }: { testo: string; stato: StatoPreventivo }) {
  const tono = stato === 'offerta' || stato === 'info_richiesta' ? 'azione'
    : stato === 'ordinata' || stato === 'accettata' ? 'ok'
      : stato === 'rifiutata' || stato === 'scaduta' || stato === 'annullata' ? 'chiuso' : 'attesa';
  return <span className={`badge preventivo-stato preventivo-stato-${tono}`}>{testo}</span>;
}

/** Who asked and when, in a quote's head: a user of the client, or staff who opened it for them (a phone request: no user). */
export const chiHaChiesto = (p: { richiedente: string; created_at: string }) =>
  (p.richiedente ? `Richiesto il ${formatData(p.created_at)} da ${p.richiedente}` : `Aperto dal grossista il ${formatData(p.created_at)}`);
