import { unoDi } from '../lib/forma';
import { STORAGE_KEYS, useStored, writeStored } from '../lib/storage';

/**
 * Price display mode (docs/regole/catalogo.md#price-mode), chosen in the header menu: the spec's
 * 'No Listino', 'Listino 1' and 'Listino 2', labelled so that none reads as the client's own price
 * list: hidden, real, doubled.
 */
const leggiPriceMode = unoDi(['nascosto', 'normale', 'doppio']);
export type PriceMode = NonNullable<ReturnType<typeof leggiPriceMode>>;
export const PRICE_MODES: { mode: PriceMode; label: string }[] = [
  { mode: 'nascosto', label: 'Prezzi nascosti' },
  { mode: 'normale', label: 'Prezzi reali' },
  { mode: 'doppio', label: 'Prezzi ×2' },
];
const DEFAULT_MODE: PriceMode = 'normale';

// In local storage beside the cart (UI state): the mode survives a reload and follows other tabs.
export function setPriceMode(mode: PriceMode): void {
  writeStored(STORAGE_KEYS.modalitaPrezzi, mode);
}

export function usePriceMode(): PriceMode {
  return useStored(STORAGE_KEYS.modalitaPrezzi, leggiPriceMode) ?? DEFAULT_MODE;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A price as shown in a mode: null when hidden, doubled in 'doppio', rounded to 3 decimals. */
export function displayPrice(value: number, mode: PriceMode): number | null {
  if (mode === 'nascosto') return null;
  return round3(mode === 'doppio' ? value * 2 : value);
}

/** The cart's net total as ordini/create will price it, whatever the mode shows. */
export const totaleNetto = (items: { prezzo_reale: number; quantita: number }[]) =>
  round3(items.reduce((s, i) => s + round3(i.prezzo_reale) * i.quantita, 0));

/** Cart totals in a mode: list-price total, net (discounted) total, overall = net; hidden mode counts 0. */
export function cartTotals(items: { prezzo: number; prezzo_reale: number; quantita: number }[], mode: PriceMode) {
  const sum = (f: (i: (typeof items)[number]) => number) => round3(items.reduce((s, i) => s + (displayPrice(f(i), mode) ?? 0) * i.quantita, 0));
  const parziale = sum((i) => i.prezzo);
  const parzialeScontato = sum((i) => i.prezzo_reale);
  return { parziale, parzialeScontato, totale: parzialeScontato };
}
