import type { Ordine } from '../../shared/ordini.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import { NON_PRESENTE } from '../lib/formato';

/** response_code '201' is the normal (green) state, anything else an error. */
export const ordineOk = (o: Pick<Ordine, 'response_code'>) => o.response_code === RESPONSE_CODE_OK;

/**
 * Why an order was refused: response_status carries the ERP's reason ('Fido del cliente superato').
 * null for an accepted order, and for a missing reason or one that only repeats the status
 * ('Errore', as older data has), so the status is said once.
 */
export function motivoOrdine(o: Pick<Ordine, 'response_code' | 'response_status'>): string | null {
  if (ordineOk(o)) return null;
  const motivo = o.response_status?.trim() ?? '';
  return motivo && motivo.toLowerCase() !== 'errore' ? motivo : null;
}

/** 'Confermato', or 'Errore ({reason})', 'Non Presente' without one (docs/regole/ordini.md#orders). */
export function statoOrdine(o: Pick<Ordine, 'response_code' | 'response_status'>): string {
  return ordineOk(o) ? 'Confermato' : `Errore (${motivoOrdine(o) ?? NON_PRESENTE})`;
}
