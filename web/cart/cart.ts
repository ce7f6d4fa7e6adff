import { useCallback, useEffect } from 'react';
import type { Prodotto } from '../../shared/catalogo.js';
import { elenco, forma, type Lettore } from '../lib/forma';
import { readStored, STORAGE_KEYS, useSessionData, useStored, writeStored } from '../lib/storage';
import { apriCarrello, collegaCache, registraModifica } from './carrelloServer';

/**
 * The cart (docs/regole/ordini.md#cart): kept on the server per user and client; local storage key
 * carrelloItems is this device's cache of it (./carrelloServer: read when the shop opens, every
 * change sent), each line the product plus quantita. The server re-reads prices and stock when the
 * order is confirmed.
 */
export type CartItem = Prodotto & { quantita: number };

/**
 * A stored line: the fields the cart's screens compute with. The order is priced again by the
 * server, so the rest of the product (texts, pictures) is shown as it was stored.
 */
const leggiRiga = forma<Pick<CartItem, 'codice_prodotto' | 'titolo' | 'quantita' | 'prezzo' | 'prezzo_reale' | 'disponibilita'>>({
  codice_prodotto: 'string', titolo: 'string', quantita: (v) => Number.isInteger(v) && (v as number) >= 1,
  prezzo: 'number', prezzo_reale: 'number', disponibilita: 'intero',
});
// Carts saved before chains and packs (issue 21) lack these: defaults keep them instead of emptying them.
const PREDEFINITI = { sconti: '', multiplo: 1, minimo: 1, famiglia_sconto: null };
const leggiCarrello: Lettore<CartItem[]> = (valore) => elenco(leggiRiga)(valore)
  ?.map((riga) => ({ ...PREDEFINITI, ...riga }) as unknown as CartItem) ?? null;

const read = (): CartItem[] => readStored(STORAGE_KEYS.carrelloItems, leggiCarrello) ?? [];
collegaCache(read);
/** Every change of the customer's goes to the server too. */
const write = (items: CartItem[]) => {
  writeStored(STORAGE_KEYS.carrelloItems, items);
  registraModifica(items);
};

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

/** The cart as React state, updated on every change (this tab and others); the server's cart is read once the shop opens for a client. */
export function useCart() {
  const items = useStored(STORAGE_KEYS.carrelloItems, leggiCarrello) ?? [];
  const sessione = useSessionData();
  const azienda = sessione?.azienda_codice;
  const cliente = sessione?.cliente_codice;
  const utente = sessione?.utente_codice;
  useEffect(() => {
    if (azienda && cliente && utente) apriCarrello({ azienda_codice: azienda, cliente_codice: cliente, utente_codice: utente });
  }, [azienda, cliente, utente]);
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
