import { listinoEffettivo } from '../../shared/listini.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';

/** What the SQL needs to price products for one client (docs/regole/catalogo.md#net-price). */
export interface PrezziCliente {
  clienteId: number;
  /** Price list number, 1 when the client has 0 or none. */
  listino: number;
  /** Discount percentage as a numeric string. */
  sconto: string;
}

export const prezziDi = (c: ClienteSessione): PrezziCliente => ({
  clienteId: c.id,
  listino: listinoEffettivo(c.lisMaga),
  sconto: c.sconto,
});
