import type { Prodotto } from '../../shared/catalogo.js';

/**
 * 'Disp. 3 · Ord. 17' for a cart or search line: stock, and what is on order from the supplier
 * when there is some, since both can be promised (docs/regole/catalogo.md#promisable-stock) and the quantity may go up to their sum.
 */
export const disponibilitaTesto = (p: Pick<Prodotto, 'disponibilita' | 'ord_forn'>) =>
  `Disp. ${Math.max(0, p.disponibilita)}${p.ord_forn > 0 ? ` · Ord. ${p.ord_forn}` : ''}`;
