import type { OrdiniCreateRequest } from '../../shared/ordini.js';
import { resetOrdineDraft } from '../cart/bozzaOrdine';
import { clearCart, type CartItem } from '../cart/cart';
import { newIdempotencyKey } from '../checkout/api';
import type { Dialogs } from '../components/Modal';
import { accodaOrdine } from './coda';
import { MSG_CODA } from './testi';

/**
 * An agent confirms an order offline (docs/regole/agenti.md#offline): asked first, then queued on
 * the device with its Idempotency-Key made now, for the client it was made in (the body's codes; the
 * body's user is the agent), and the cart empties. Loaded only then (web/checkout/useConfermaOrdine.ts,
 * through ./modulo.ts), so a customer's first load does not carry it. True when queued.
 */
export async function accodaOffline(dialogs: Dialogs, corpo: OrdiniCreateRequest, righe: CartItem[]): Promise<boolean> {
  if (!(await dialogs.confirm(MSG_CODA.accoda, { title: 'Sei offline', confirmLabel: 'Metti in coda' }))) return false;
  const { carrelloItems: _righe, ...resto } = corpo;
  try {
    await accodaOrdine({
      chiave: newIdempotencyKey(), agente: corpo.utente_codice, azienda_codice: corpo.azienda_codice,
      cliente_codice: corpo.cliente_codice, cliente_nome: corpo.cliente_nome ?? corpo.cliente_codice,
      creato: new Date().toISOString(), corpo: resto, righe,
    });
  } catch {
    await dialogs.alert(MSG_CODA.erroreCoda);
    return false;
  }
  clearCart();
  resetOrdineDraft();
  await dialogs.alert(MSG_CODA.accodato, { title: 'Ordine in coda' });
  return true;
}
