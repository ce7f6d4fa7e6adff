import { queryOptions } from '@tanstack/react-query';
import type { Prodotto } from '../../shared/catalogo.js';
import { catalogoRotte } from '../../shared/rotte/catalogo.js';
import type { OrdiniCreateRequest } from '../../shared/ordini.js';
import { ordiniRotte } from '../../shared/rotte/ordini.js';
import { approvazioniRotte } from '../../shared/rotte/approvazioni.js';
import { ordineRapidoRotte } from '../../shared/rotte/ordine-rapido.js';
import { callApi, uploadApi } from '../lib/api';

/** Calls of the cart screens (Speed Checkout panel and /checkout): quick search, availability, order. */

/** Results of one quick search: the first page of search/prodotti. */
export const QUICK_SEARCH_LIMIT = 10;

export const checkoutKeys = {
  quickSearch: (azienda: string, cliente: string, stringa: string) => ['checkout', 'quick-search', azienda, cliente, stringa] as const,
};

export const quickSearchQuery = (azienda: string, cliente: string, stringa: string) =>
  queryOptions({
    queryKey: checkoutKeys.quickSearch(azienda, cliente, stringa),
    queryFn: ({ signal }) =>
      callApi(catalogoRotte.ricerca, { cod_azienda: azienda, cod_cliente: cliente, stringa, start: 0, limit: QUICK_SEARCH_LIMIT }, { signal }),
    staleTime: 30_000,
  });

/** POST ordini/check: current stock of each cart line. */
export const checkDisponibilita = (righe: { codice_prodotto: string; quantita: number }[]) =>
  callApi(ordiniRotte.verifica, { prodotti: righe.map((r) => ({ codice_prodotto: r.codice_prodotto, quantita: r.quantita })) });

/**
 * POST ordini/create with the Idempotency-Key header: the same key for the same confirmation
 * attempt (double click, retry after a network error) gives one order on the server.
 */
export const creaOrdine = (body: OrdiniCreateRequest, idempotencyKey: string) =>
  callApi(ordiniRotte.crea, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** POST approvazioni/richiedi: a Consultazione's cart sent to the approvers, held as an order waiting for approval (same key rule). */
export const richiediApprovazione = (body: OrdiniCreateRequest, idempotencyKey: string) =>
  callApi(approvazioniRotte.richiedi, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** GET search/prodottoByCodiceProdotto: the product with the client's current prices, or null. */
export async function prodottoByCodice(codice: string, azienda: string, cliente: string): Promise<Prodotto | null> {
  const r = await callApi(catalogoRotte.perCodice, { codice_prodotto: codice, cod_azienda: azienda, cod_cliente: cliente });
  return (r.prodotto[0] as Prodotto | undefined) ?? null;
}

/** A random key for one confirmation attempt (crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type ScopeCliente = { azienda_codice: string; cliente_codice: string };

/** POST ordine-rapido/risolvi: pasted 'code quantity' lines resolved for the client. */
export const risolviOrdineRapido = (scope: ScopeCliente, testo: string) =>
  callApi(ordineRapidoRotte.risolvi, { ...scope, testo });

/** POST ordine-rapido/file: the same from a CSV/XLSX file. */
export const risolviFileOrdineRapido = (scope: ScopeCliente, file: File) =>
  uploadApi(ordineRapidoRotte.risolviFile, scope, { file: [file] });

/** POST ordine-rapido/prodotti: the whole products (as the cart keeps them) of the given codes, in one call. */
export const prodottiOrdineRapido = async (scope: ScopeCliente, codici: string[]): Promise<Prodotto[]> =>
  (await callApi(ordineRapidoRotte.prodotti, { ...scope, codici })).prodotti as Prodotto[];
