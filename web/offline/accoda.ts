import type { CartItem } from '../cart/cart';
import { newIdempotencyKey } from '../checkout/api';
import type { Dialogs } from '../components/Modal';
import { accodaOrdine, type OrdineInCoda } from './coda';
import { MSG_CODA } from './testi';

/**
 * An agent confirms an order offline (docs/regole/agenti.md#offline): asked first, then queued on
 * the device with its Idempotency-Key made now, for the client it was made in. Loaded only then
 * (web/checkout/useConfermaOrdine.ts, through ./modulo.ts), so a customer's first load does not carry it. True when queued.
 */
export async function accodaOffline(
  dialogs: Dialogs, ordine: Omit<OrdineInCoda, 'chiave' | 'creato' | 'righe'>, righe: CartItem[],
): Promise<boolean> {
  if (!(await dialogs.confirm(MSG_CODA.accoda, { title: 'Sei offline', confirmLabel: 'Metti in coda' }))) return false;
  try {
    await accodaOrdine({ ...ordine, chiave: newIdempotencyKey(), creato: new Date().toISOString(), righe });
  } catch {
    await dialogs.alert(MSG_CODA.erroreCoda);
    return false;
  }
  return true;
}

/** Said once the cart has emptied. */
export const avvisaAccodato = (dialogs: Dialogs) => dialogs.alert(MSG_CODA.accodato, { title: 'Ordine in coda' });
