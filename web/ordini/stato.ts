import type { Ordine } from '../../shared/ordini.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import { NON_PRESENTE } from '../lib/formato';

/** response_code '201' is the normal (green) state, anything else an error. */
export const ordineOk = (o: Pick<Ordine, 'response_code'>) => o.response_code === RESPONSE_CODE_OK;

/**
 * 'Confermato', or 'Errore ({reason})': response_status carries the ERP's reason. A missing one, or
 * one that only repeats the status ('Errore', as older data has), reads 'Non Presente', so the
 * status is said once.
 */
export function statoOrdine(o: Pick<Ordine, 'response_code' | 'response_status'>): string {
  if (ordineOk(o)) return 'Confermato';
  const motivo = o.response_status?.trim() ?? '';
  return `Errore (${motivo && motivo.toLowerCase() !== 'errore' ? motivo : NON_PRESENTE})`;
}
