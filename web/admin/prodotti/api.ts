import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Prodotto, ProdottoEditRequest } from '../../../shared/catalogo.js';
import { catalogoRotte } from '../../../shared/rotte/catalogo.js';
import { CAMPO_FILE_MEDIA, type TipologiaMedia } from '../../../shared/prodotti-media-costanti.js';
import { prodottiMediaRotte } from '../../../shared/rotte/prodotti-media.js';
import { callApi, uploadApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { storicoKeys } from '../storico/api';

/**
 * Calls of the admin product screens: the customer catalogue calls with the admin session and the
 * codes 0001/0001 (docs/regole/catalogo.md#staff-catalogue: priced with list 1), prodotto/edit, and a product's
 * photos and attachments.
 */
export const CODICI_ADMIN = { cod_azienda: '0001', cod_cliente: '0001' } as const;

export const prodottiKeys = {
  all: ['admin', 'prodotti'] as const,
  elenco: (e: Elenco, start: number, limit: number) =>
    ['admin', 'prodotti', e.tipo, e.tipo === 'categoria' ? e.codCat : e.stringa, start, limit] as const,
  custom: (start: number, limit: number) => ['admin', 'prodotti', 'custom', start, limit] as const,
  dettaglio: (codice: string) => ['admin', 'prodotti', 'dettaglio', codice] as const,
};

/**
 * The admin text search is trimmed and lowercased; an empty term is ignored (docs/regole/admin.md#admin-search). Lowercased
 * here too, so that one search is one cache entry whatever its case.
 */
export const normalizzaTesto = (testo: string) => testo.trim().toLowerCase();

/** What the product list shows: a category, or the results of a text search. */
export type Elenco = { tipo: 'categoria'; codCat: string } | { tipo: 'ricerca'; stringa: string };

/**
 * One page of the list: GET prodotti/categoriawithcustominfo (a category with its sub-categories)
 * or GET search/prodotti (words, partial words, codes, EAN, as the customers' search).
 */
export const elencoQuery = (e: Elenco, start: number, limit: number) =>
  queryOptions({
    queryKey: prodottiKeys.elenco(e, start, limit),
    queryFn: ({ signal }) => (e.tipo === 'categoria'
      ? callApi(catalogoRotte.categoria, { ...CODICI_ADMIN, categoria_cod: e.codCat, start, limit }, { signal })
      : callApi(catalogoRotte.ricerca, { ...CODICI_ADMIN, stringa: e.stringa, start, limit }, { signal })),
  });

/** GET prodotti/custom: products with a portal title or extra description of their own. */
export const customQuery = (start: number, limit: number) =>
  queryOptions({
    queryKey: prodottiKeys.custom(start, limit),
    queryFn: ({ signal }) => callApi(catalogoRotte.custom, { ...CODICI_ADMIN, start, limit }, { signal }),
  });

/** GET prodotti/details: one product, live prices and stock. */
export const dettaglioQuery = (codice: string) =>
  queryOptions({
    queryKey: prodottiKeys.dettaglio(codice),
    queryFn: async ({ signal }) => (await callApi(catalogoRotte.dettaglio, { ...CODICI_ADMIN, codice_prodotto: codice }, { signal })).prodotto as Prodotto,
  });

/** POST prodotto/edit; every product list and the product's history are read again afterwards. */
export function useModificaProdotto() {
  return useMutation({
    mutationFn: (input: ProdottoEditRequest) => callApi(catalogoRotte.modificaProdotto, input),
    onSettled: (_r, _e, input) => Promise.all([
      queryClient.invalidateQueries({ queryKey: prodottiKeys.all }),
      queryClient.invalidateQueries({ queryKey: storicoKeys.di({ entita: 'prodotto', entitaId: input.codice_prodotto }) }),
    ]),
  });
}

/**
 * A product's photos and attachments (admin product page, docs/regole/admin.md#product-photos): the lists, the
 * upload with its progress, set/reset the main photo, delete. Every change reloads the admin
 * product queries (the lists, the product's data with its main photo, the product lists'
 * thumbnails) and the product's 'Storico modifiche'.
 */
export const mediaKeys = {
  elenco: (codice: string, tipologia: TipologiaMedia) => [...prodottiKeys.all, 'media', codice, tipologia] as const,
};

/** GET prodotto/photo-get: the product's photos (the main one first) or attachments. */
export const mediaQuery = (codice: string, tipologia: TipologiaMedia) =>
  queryOptions({
    queryKey: mediaKeys.elenco(codice, tipologia),
    queryFn: ({ signal }) => callApi(prodottiMediaRotte.elenco, { codice_prodotto: codice, tipologia }, { signal }),
  });

const ricarica = (codice: string) => Promise.all([
  queryClient.invalidateQueries({ queryKey: prodottiKeys.all }),
  queryClient.invalidateQueries({ queryKey: storicoKeys.di({ entita: 'prodotto', entitaId: codice }) }),
]);

export interface Caricamento {
  files: File[];
  /** The attachments' name (required for them); photos have none. */
  nome?: string;
  onProgress: (inviati: number, totale: number) => void;
}

/** POST prodotto/photo-upload (multipart): every chosen file, kept all together or none. */
export function useCaricaMedia(codice: string, tipologia: TipologiaMedia) {
  return useMutation({
    mutationFn: ({ files, nome, onProgress }: Caricamento) => uploadApi(
      prodottiMediaRotte.carica,
      { codice_prodotto: codice, tipologia, ...(tipologia === 'allegato' ? { nome } : {}) },
      { [CAMPO_FILE_MEDIA]: files },
      { onProgress },
    ),
    onSettled: () => ricarica(codice),
  });
}

/** POST prodotto/set-photo-name and prodotto/reset-photo-name: the main photo, or none. */
export function usePrincipale(codice: string) {
  return useMutation({
    mutationFn: (mediaId: number | null) => mediaId === null
      ? callApi(prodottiMediaRotte.nessunaPrincipale, { codice_prodotto: codice })
      : callApi(prodottiMediaRotte.impostaPrincipale, { codice_prodotto: codice, media_id: mediaId }),
    onSettled: () => ricarica(codice),
  });
}

/** POST prodotto/photo-delete: a photo or an attachment, with its files. */
export function useCancellaMedia(codice: string) {
  return useMutation({
    mutationFn: (mediaId: number) => callApi(prodottiMediaRotte.cancella, { codice_prodotto: codice, media_id: mediaId }),
    onSettled: () => ricarica(codice),
  });
}
