import { useSyncExternalStore } from 'react';

/**
 * The order's note and optional name while the customer fills the cart: one draft shared by the
 * Speed Checkout panel and /checkout, kept in memory for the page's life, emptied after an order.
 */
export type OrdineDraft = {
  note: string;
  nome: string;
};

/** The check of the draft's texts: ordini/create's schema, loaded by the form that shows them (useModulo). */
export const schemaOrdine = () => import('../../shared/ordini.js').then((m) => m.ordiniCreateRequest);

let draft: OrdineDraft = { note: '', nome: '' };
const listeners = new Set<() => void>();

export function setOrdineDraft(patch: Partial<OrdineDraft>): void {
  draft = { ...draft, ...patch };
  listeners.forEach((l) => l());
}

export function resetOrdineDraft(): void {
  setOrdineDraft({ note: '', nome: '' });
}

export function useOrdineDraft(): OrdineDraft {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => draft,
    () => draft,
  );
}
