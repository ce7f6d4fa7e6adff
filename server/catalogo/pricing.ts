import { listinoEffettivo } from '../../shared/listini.js';
import type { ClienteSessione } from '../auth/session-user.js';

/** What the SQL needs to price products for one client (DESIGN §6). */
export interface PricingCtx {
  clienteId: number;
  /** Price list number, 1 when the client has 0 or none. */
  listino: number;
  /** Discount percentage as a numeric string. */
  sconto: string;
}

export const pricingOf = (c: ClienteSessione): PricingCtx => ({
  clienteId: c.id,
  listino: listinoEffettivo(c.lisMaga),
  sconto: c.sconto,
});
