import { importoRiga, totaleRighe } from '../../shared/importi.js';
import { unoDi } from '../lib/forma';
import { STORAGE_KEYS, useStored, writeStored } from '../lib/storage';

/**
 * Price display mode (docs/regole/catalogo.md#price-mode), chosen in the header menu: the spec's
 * 'No Listino', 'Listino 1' and 'Listino 2', labelled so that none reads as the client's own price
 * list: hidden, real, doubled.
 */
const leggiPriceMode = unoDi(['nascosto', 'normale', 'doppio']);
export type PriceMode = NonNullable<ReturnType<typeof leggiPriceMode>>;
/** Each with a short line saying what it does, shown in the menu (a tooltip never shows on a touch screen). */
export const PRICE_MODES: { mode: PriceMode; label: string; descrizione: string }[] = [
  { mode: 'nascosto', label: 'Prezzi nascosti', descrizione: 'Catalogo e carrello senza prezzi' },
  { mode: 'normale', label: 'Prezzi reali', descrizione: 'I tuoi prezzi netti' },
  { mode: 'doppio', label: 'Prezzi ×2', descrizione: 'Il doppio dei prezzi reali, da mostrare al banco; si ordina ai prezzi reali' },
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

/** The cart's net total as the order's invoice will bill it (each line to the cent, shared/importi.ts), whatever the mode shows. */
export const totaleNetto = (items: { prezzo_reale: number; quantita: number }[]) =>
  totaleRighe(items.map((i) => ({ prezzo: i.prezzo_reale, qt: i.quantita })));

/** A line's amounts in a mode, to the cent: at list prices and at net prices; null when prices are hidden. */
export function importiRiga(item: { prezzo: number; prezzo_reale: number; quantita: number }, mode: PriceMode) {
  const listino = displayPrice(item.prezzo, mode);
  const netto = displayPrice(item.prezzo_reale, mode);
  if (listino === null || netto === null) return null;
  return { unitario: netto, parziale: importoRiga(listino, item.quantita), scontato: importoRiga(netto, item.quantita) };
}

/** Cart totals in a mode, each the sum of its lines to the cent: list-price total, net (discounted) total, overall = net; hidden mode counts 0. */
export function cartTotals(items: { prezzo: number; prezzo_reale: number; quantita: number }[], mode: PriceMode) {
  const sum = (f: (i: (typeof items)[number]) => number) =>
    totaleRighe(items.map((i) => ({ prezzo: displayPrice(f(i), mode) ?? 0, qt: i.quantita })));
  const parziale = sum((i) => i.prezzo);
  const parzialeScontato = sum((i) => i.prezzo_reale);
  return { parziale, parzialeScontato, totale: parzialeScontato };
}
