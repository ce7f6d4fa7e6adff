/** Texts and numbers of the admin client screens. */

/** 1.234,50 € (SPEC §9: amounts of turnover and statistics with 2 decimals), as the rest of the SPA writes them. */
export { formatEuro2 as formatEuro } from '../../cart/priceMode';
