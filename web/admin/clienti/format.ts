/** Texts and numbers of the admin client screens. */

/** Price list 0 or missing means 1. */
export function listino(lisMaga: number): string {
  return `Listino ${lisMaga > 0 ? lisMaga : 1}`;
}

/** 1.234,50 € (turnover and statistics have 2 decimals: docs/regole/generale.md#formats), as the SPA writes them. */
export { formatEuro2 as formatEuro } from '../../cart/priceMode';
