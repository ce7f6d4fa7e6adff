/** Texts and numbers of the admin client screens. */

/** SPEC §2/§5: the budget form's Italian month names, January first. */
export const MESI = [
  'Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno',
  'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre',
] as const;

/** SPEC §3: price list 0 or missing means 1. */
export function listino(lisMaga: number): string {
  return `Listino ${lisMaga > 0 ? lisMaga : 1}`;
}

const dataOra = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});

/** dd/MM/yyyy HH:mm (SPEC §9), '' when unreadable. */
export function formatDataOra(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dataOra.format(d).replace(',', '');
}

/** 1.234,50 € (SPEC §9: amounts of turnover and statistics with 2 decimals), as the rest of the SPA writes them. */
export { formatEuro2 as formatEuro } from '../../cart/priceMode';
