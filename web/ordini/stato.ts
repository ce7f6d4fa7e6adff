import { RESPONSE_CODE_OK, type Ordine } from '../../shared/ordini.js';
import { NON_PRESENTE } from './format';

/** SPEC §4 "Order status": response_code '201' is the normal (green) state, anything else an error. */
export const ordineOk = (o: Pick<Ordine, 'response_code'>) => o.response_code === RESPONSE_CODE_OK;

/** 'Confermato', or 'Errore ({response_status or "Non Presente"})'. */
export const statoOrdine = (o: Pick<Ordine, 'response_code' | 'response_status'>) =>
  ordineOk(o) ? 'Confermato' : `Errore (${o.response_status?.trim() || NON_PRESENTE})`;
