import type { SituazioneContabile } from '../../../shared/contabilita.js';
import { formatDataOra, formatImporto, formatIntero } from '../../lib/formato';
import '../contabilita.css';

/**
 * The credit figures (docs/regole/contabilita.md#exposure): the line, the exposure, what is
 * available (red below zero), then the exposure's parts. The customer's page and the admin's
 * client detail show the same.
 */
export function RiepilogoFido({ s }: { s: SituazioneContabile }) {
  const d = s.dettaglio;
  const sotto = s.disponibile !== null && s.disponibile < 0;
  return (
    <div className="fido">
      <dl className="fido-cifre">
        <div>
          <dt>Fido</dt>
          <dd className="num">{s.fido === null ? 'Nessun fido' : formatImporto(s.fido)}</dd>
        </div>
        <div>
          <dt>Esposizione</dt>
          <dd className="num">{formatImporto(s.esposizione)}</dd>
        </div>
        <div className={sotto ? 'fido-sotto' : undefined}>
          <dt>Disponibile</dt>
          <dd className="num">{s.disponibile === null ? '—' : formatImporto(s.disponibile)}</dd>
        </div>
      </dl>
      <dl className="kv fido-parti" aria-label="Composizione dell'esposizione">
        <dt>Scadenze aperte</dt>
        <dd className="num">{formatImporto(d.aperte)}</dd>
        <dt>Insoluti</dt>
        <dd className="num">{formatImporto(d.insolute)}</dd>
        <dt>RiBa presentate non ancora scadute</dt>
        <dd className="num">{formatImporto(d.riba_non_scadute)}</dd>
        <dt>Ordini confermati non ancora fatturati</dt>
        <dd className="num">{formatImporto(d.ordini_non_fatturati)} <span className="muted">({d.ordini_non_fatturati_n === 1 ? '1 ordine' : `${formatIntero(d.ordini_non_fatturati_n)} ordini`})</span></dd>
      </dl>
      <p className="hint fido-nota">
        {s.aggiornata_al ? `Scadenzario aggiornato dal gestionale il ${formatDataOra(s.aggiornata_al)}.` : 'Lo scadenzario non è ancora stato ricevuto dal gestionale.'}
        {s.blocca_oltre_fido && s.fido !== null && ' Gli ordini oltre il fido disponibile non vengono accettati.'}
      </p>
    </div>
  );
}
