import { queryOptions, useMutation } from '@tanstack/react-query';
import { prodottiMediaApi, type TipologiaMedia } from '../../../shared/prodotti-media.js';
import { callApi, uploadApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { storicoKeys } from '../storico/api';
import { prodottiKeys } from './api';

/**
 * Calls of a product's photos and attachments (admin product page, docs/regole/admin.md#product-photos): the lists, the
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
    queryFn: ({ signal }) => callApi(prodottiMediaApi.elenco, { codice_prodotto: codice, tipologia }, { signal }),
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
      prodottiMediaApi.carica,
      { codice_prodotto: codice, tipologia, ...(tipologia === 'allegato' ? { nome } : {}) },
      { 'allegati[]': files },
      { onProgress },
    ),
    onSettled: () => ricarica(codice),
  });
}

/** POST prodotto/set-photo-name and prodotto/reset-photo-name: the main photo, or none. */
export function usePrincipale(codice: string) {
  return useMutation({
    mutationFn: (mediaId: number | null) => mediaId === null
      ? callApi(prodottiMediaApi.nessunaPrincipale, { codice_prodotto: codice })
      : callApi(prodottiMediaApi.impostaPrincipale, { codice_prodotto: codice, media_id: mediaId }),
    onSettled: () => ricarica(codice),
  });
}

/** POST prodotto/photo-delete: a photo or an attachment, with its files. */
export function useCancellaMedia(codice: string) {
  return useMutation({
    mutationFn: (mediaId: number) => callApi(prodottiMediaApi.cancella, { codice_prodotto: codice, media_id: mediaId }),
    onSettled: () => ricarica(codice),
  });
}
