import { useSyncExternalStore } from 'react';

/**
 * The order's texts while the customer fills the cart (note, optional name, job-site reference):
 * one draft shared by the Speed Checkout panel and /checkout, and set by a reorder (the old order's
 * job-site reference, docs/regole/ordini.md#reorder), kept in memory for the page's life, emptied after an order.
 */
export type OrdineDraft = {
  nome: string;
  riferimento_cantiere: string;
  note: string;
};

/** The check of the draft's texts: ordini/create's schema, loaded by the form that shows them (useModulo). */
export const schemaOrdine = () => import('../../shared/ordini.js').then((m) => m.ordiniCreateRequest);

// In the order of the boxes on /checkout: the first one in error takes the focus (useModulo).
const VUOTA: OrdineDraft = { nome: '', riferimento_cantiere: '', note: '' };
let draft: OrdineDraft = VUOTA;
const listeners = new Set<() => void>();

export function setOrdineDraft(patch: Partial<OrdineDraft>): void {
  draft = { ...draft, ...patch };
  listeners.forEach((l) => l());
}

export function resetOrdineDraft(): void {
  setOrdineDraft(VUOTA);
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
