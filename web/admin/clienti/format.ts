/** Texts and numbers of the admin client screens. */

/** SPEC §3: price list 0 or missing means 1. */
export function listino(lisMaga: number): string {
  return `Listino ${lisMaga > 0 ? lisMaga : 1}`;
}

/** 1.234,50 € (SPEC §9: amounts of turnover and statistics with 2 decimals), as the rest of the SPA writes them. */
export { formatEuro2 as formatEuro } from '../../cart/priceMode';
