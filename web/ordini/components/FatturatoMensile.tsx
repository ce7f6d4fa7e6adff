import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { useSessionData, useStoredUtente } from '../../lib/storage';
import { formatImporto, formatMeseAnno } from '../../lib/formato';
import { fatturatoQuery } from '../api';
import '../ordini.css';

/** Texts of the turnover line. */
export const MSG_FATTURATO = {
  sessione: 'Dati di sessione mancanti',
  caricamento: (message: string) => `Errore nel caricamento dei dati: ${message}`,
  vuoto: 'Errore nel recupero delle statistiche',
} as const;

/**
 * 'Fatturato mensile' of the shop header (docs/regole/ordini.md#turnover): the current month's turnover of the session's
 * client in euro with 2 decimals, shown only when the user's fatturato_metrica is 1.
 */
export function FatturatoMensile({ className }: { className?: string }) {
  const session = useSessionData();
  const utente = useStoredUtente();
  const visibile = utente?.fatturato_metrica === 1;
  const codici = !!session?.azienda_codice && !!session?.cliente_codice;
  const query = useQuery({
    ...fatturatoQuery(session?.azienda_codice ?? '', session?.cliente_codice ?? ''),
    enabled: visibile && codici,
  });
  if (!visibile) return null;

  const now = new Date();
  let valore: string;
  let errore = false;
  if (!codici) {
    valore = MSG_FATTURATO.sessione;
    errore = true;
  } else if (query.isPending) {
    valore = '…';
  } else if (query.isError) {
    // An answer without totale_mensile (it fails the schema) is the spec's "empty response".
    const invalid = query.error instanceof ApiError && query.error.status >= 200 && query.error.status < 300;
    valore = invalid ? MSG_FATTURATO.vuoto : MSG_FATTURATO.caricamento(query.error.message);
    errore = true;
  } else {
    const riga = query.data.totale_mensile.find((r) => r.anno === now.getFullYear() && r.mese === now.getMonth() + 1);
    valore = formatImporto(riga?.importo_totale ?? 0);
  }

  return (
    <p
      className={`fatturato${errore ? ' is-error' : ''}${className ? ` ${className}` : ''}`}
      title={`Fatturato di ${formatMeseAnno(now)}`}
      aria-busy={query.isFetching}
    >
      <span className="fatturato-label">Fatturato mensile</span>{' '}
      <span className="fatturato-value">{valore}</span>
    </p>
  );
}
