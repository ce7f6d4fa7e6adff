/**
 * Packs (docs/regole/ordini.md#packs): a product is ordered in multiples of `multiplo` and at least
 * `minimo` pieces. A quantity is rounded UP to both, and the rounding always said: one rule for
 * the SPA (card, cart, Speed Checkout, quick order) and the server (ordini/check, ordini/create).
 */

export interface Confezione {
  multiplo: number;
  minimo: number;
}

/** The smallest quantity ≥ qt that is a multiple of `multiplo` and at least `minimo`. */
export function quantitaConfezione(qt: number, c: Confezione): number {
  const m = Math.max(1, c.multiplo);
  return Math.ceil(Math.max(qt, c.minimo, 1) / m) * m;
}

/** Whether the product has a pack rule at all (both 1: any quantity). */
export const haConfezione = (c: Confezione) => c.multiplo > 1 || c.minimo > 1;

/** The rule in words, for cards and lines: 'Multipli di 6, minimo 12'. */
export function regolaConfezione(c: Confezione): string {
  const parti: string[] = [];
  if (c.multiplo > 1) parti.push(`multipli di ${c.multiplo}`);
  if (c.minimo > 1) parti.push(`minimo ${c.minimo}`);
  const s = parti.join(', ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The message of a rounded quantity: 'Quantità portata da 5 a 6 (multipli di 6).' */
export const msgQuantitaArrotondata = (codice: string, da: number, a: number, c: Confezione) =>
  `${codice}: quantità portata da ${da} a ${a} (${regolaConfezione(c).toLowerCase()}).`;
