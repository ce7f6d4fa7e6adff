import { z } from 'zod';
import { STORAGE_KEYS, useStored, writeStored } from '../lib/storage';

/**
 * Price display mode (docs/regole/catalogo.md#price-mode), chosen in the header menu:
 * 'No Listino' hides prices, 'Listino 1' shows them once, 'Listino 2' doubles them.
 */
export const priceModeSchema = z.enum(['nascosto', 'normale', 'doppio']);
export type PriceMode = z.infer<typeof priceModeSchema>;
export const PRICE_MODES: { mode: PriceMode; label: string }[] = [
  { mode: 'nascosto', label: 'No Listino' },
  { mode: 'normale', label: 'Listino 1' },
  { mode: 'doppio', label: 'Listino 2' },
];
const DEFAULT_MODE: PriceMode = 'normale';

// In local storage beside the cart (UI state): the mode survives a reload and follows other tabs.
export function setPriceMode(mode: PriceMode): void {
  writeStored(STORAGE_KEYS.modalitaPrezzi, mode);
}

export function usePriceMode(): PriceMode {
  return useStored(STORAGE_KEYS.modalitaPrezzi, priceModeSchema) ?? DEFAULT_MODE;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A price as shown in a mode: null when hidden, doubled in 'doppio', rounded to 3 decimals. */
export function displayPrice(value: number, mode: PriceMode): number | null {
  if (mode === 'nascosto') return null;
  return round3(mode === 'doppio' ? value * 2 : value);
}

// it-IT leaves 4-digit amounts ungrouped by default ('1142,540 €'); a price list groups them.
const euro = (decimals: number) => new Intl.NumberFormat('it-IT', {
  style: 'currency', currency: 'EUR', minimumFractionDigits: decimals, maximumFractionDigits: decimals,
  useGrouping: 'always' as unknown as boolean,
});
const euro3 = euro(3);
const euro2 = euro(2);
/** Prices and order totals: 3 decimals. */
export const formatEuro3 = (n: number) => euro3.format(n);
/** Turnover and statistics: 2 decimals. */
export const formatEuro2 = (n: number) => euro2.format(n);

/** Cart totals in a mode: list-price total, net (discounted) total, overall = net; hidden mode counts 0. */
export function cartTotals(items: { prezzo: number; prezzo_reale: number; quantita: number }[], mode: PriceMode) {
  const sum = (f: (i: (typeof items)[number]) => number) => round3(items.reduce((s, i) => s + (displayPrice(f(i), mode) ?? 0) * i.quantita, 0));
  const parziale = sum((i) => i.prezzo);
  const parzialeScontato = sum((i) => i.prezzo_reale);
  return { parziale, parzialeScontato, totale: parzialeScontato };
}
