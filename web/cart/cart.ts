import { useCallback } from 'react';
import { z } from 'zod';
import { prodottoBase, type Prodotto } from '../../shared/catalogo.js';
import { readStored, STORAGE_KEYS, useStored, writeStored } from '../lib/storage';

/**
 * The cart (docs/regole/ordini.md#cart): local storage key carrelloItems, each line the product plus quantita.
 * UI state only: the server re-reads prices and stock when the order is confirmed.
 */
export const cartItemSchema = prodottoBase.extend({
  quantita: z.number().int().min(1),
  // Carts saved before chains and packs (issue 21) lack these: defaults keep them instead of emptying them.
  sconti: z.string().default(''),
  multiplo: z.number().int().min(1).default(1),
  minimo: z.number().int().min(1).default(1),
  famiglia_sconto: z.string().nullable().default(null),
}).loose();
export type CartItem = Prodotto & { quantita: number };
const cartSchema = z.array(cartItemSchema);

const read = (): CartItem[] => (readStored(STORAGE_KEYS.carrelloItems, cartSchema) ?? []) as CartItem[];
const write = (items: CartItem[]) => writeStored(STORAGE_KEYS.carrelloItems, items);

/** Adding a product already in the cart sets its quantity to the given value. */
export function addToCart(p: Prodotto, quantita: number): void {
  const items = read();
  const i = items.findIndex((x) => x.codice_prodotto === p.codice_prodotto);
  if (i >= 0) items[i] = { ...items[i]!, ...p, quantita } as CartItem;
  else items.push({ ...p, quantita } as CartItem);
  write(items);
}

export function setCartQuantita(codice: string, quantita: number): void {
  write(read().map((x) => (x.codice_prodotto === codice ? ({ ...x, quantita } as CartItem) : x)));
}

/** A decrement at quantity 1 removes the line. */
export function decrementCart(codice: string): void {
  const items = read();
  const item = items.find((x) => x.codice_prodotto === codice);
  if (!item) return;
  write(item.quantita <= 1 ? items.filter((x) => x !== item) : items.map((x) => (x === item ? ({ ...x, quantita: x.quantita - 1 } as CartItem) : x)));
}

export function removeFromCart(codice: string): void {
  write(read().filter((x) => x.codice_prodotto !== codice));
}

export function clearCart(): void {
  write([]);
}

export const cartQuantita = (codice: string): number => read().find((x) => x.codice_prodotto === codice)?.quantita ?? 0;

/** The cart as React state, updated on every change (this tab and others). */
export function useCart() {
  const items = (useStored(STORAGE_KEYS.carrelloItems, cartSchema) ?? []) as CartItem[];
  return {
    items,
    count: items.length,
    add: useCallback(addToCart, []),
    setQuantita: useCallback(setCartQuantita, []),
    decrement: useCallback(decrementCart, []),
    remove: useCallback(removeFromCart, []),
    clear: useCallback(clearCart, []),
  };
}
