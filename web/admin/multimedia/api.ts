import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MultimediaCreaRequest, MultimediaItem, MultimediaUpdateRequest } from '../../../shared/media.js';
import { TIPOLOGIA_BANNER } from '../../../shared/media-costanti.js';
import { mediaRotte } from '../../../shared/rotte/media.js';
import { callApi, uploadApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

/**
 * Calls of the admin multimedia and banner screens (docs/regole/multimedia.md#multimedia-admin): lists through the customers' own
 * calls (multimedia/load, multimedia/loadtipologia), and the admin's create, edit, file
 * replacement, order and delete. Every change reloads every multimedia list of the admin.
 */
export const multimediaKeys = {
  all: ['admin', 'multimedia'] as const,
  tutti: ['admin', 'multimedia', 'tutti'] as const,
  banner: ['admin', 'multimedia', 'banner'] as const,
  dettaglio: (id: number) => ['admin', 'multimedia', 'dettaglio', id] as const,
};

/** Every item, of every type. */
export const multimediaTuttiQuery = () =>
  queryOptions({
    queryKey: multimediaKeys.tutti,
    queryFn: ({ signal }) => callApi(mediaRotte.carica, {}, { signal }),
  });

/** The side banners, in the order the home shows them. */
export const bannerQuery = () =>
  queryOptions({
    queryKey: multimediaKeys.banner,
    queryFn: ({ signal }) => callApi(mediaRotte.perTipologia, { tipologia: TIPOLOGIA_BANNER }, { signal }),
  });

/** One item; null when no item has that id. */
export const multimediaDettaglioQuery = (id: number) =>
  queryOptions({
    queryKey: multimediaKeys.dettaglio(id),
    queryFn: async ({ signal }): Promise<MultimediaItem | null> =>
      (await callApi(mediaRotte.carica, { multimedia_id: id }, { signal }))[0] ?? null,
    // The edit form is built from this answer: a refetch on focus must not wipe what is being typed.
    refetchOnWindowFocus: false,
  });

const ricarica = () => queryClient.invalidateQueries({ queryKey: multimediaKeys.all });

/** The files an upload sends: the document (`file`) and its image (`cover`), each optional. */
export interface FileScelti {
  file?: File | null;
  cover?: File | null;
}

const campiFile = (f: FileScelti) => ({
  ...(f.file ? { file: [f.file] } : {}),
  ...(f.cover ? { cover: [f.cover] } : {}),
});

/** Bytes sent of the total, for a progress bar. */
type OnProgress = (inviati: number, totale: number) => void;

/** POST multimedia/test (multipart), with the fields the original form sent beside the files. */
export function useCreaMultimedia() {
  return useMutation({
    mutationFn: ({ dati, files, onProgress, signal }: { dati: MultimediaCreaRequest; files: FileScelti; onProgress: OnProgress; signal: AbortSignal }) =>
      uploadApi(mediaRotte.crea, { ...dati, fileType: 'link', coverType: 'cover' }, campiFile(files), { onProgress, signal }),
    onSettled: ricarica,
  });
}

/** POST multimedia/file: a new document and/or cover for an item. */
export function useSostituisciFile(id: number) {
  return useMutation({
    mutationFn: ({ files, onProgress, signal }: { files: FileScelti; onProgress: OnProgress; signal: AbortSignal }) =>
      uploadApi(mediaRotte.sostituisciFile, { multimedia_id: id }, campiFile(files), { onProgress, signal }),
    onSettled: ricarica,
  });
}

/** POST multimedia/update: the fields that changed. */
export function useAggiornaMultimedia() {
  return useMutation({
    mutationFn: (dati: MultimediaUpdateRequest) => callApi(mediaRotte.modifica, dati),
    onSettled: ricarica,
  });
}

/** POST multimedia/ordina: every item of one type in its new order. */
export function useOrdinaMultimedia() {
  return useMutation({
    mutationFn: (ids: number[]) => callApi(mediaRotte.ordina, { ids }),
    onSettled: ricarica,
  });
}

/** POST multimedia/delete: the item and its files. */
export function useCancellaMultimedia() {
  return useMutation({
    mutationFn: (id: number) => callApi(mediaRotte.cancella, { multimedia_id: id }),
    // The lists reload; the detail of the deleted item is left as it was (its page is being left).
    onSettled: (_r, _e, id) => Promise.all([
      queryClient.invalidateQueries({ queryKey: multimediaKeys.tutti }),
      queryClient.invalidateQueries({ queryKey: multimediaKeys.banner }),
      queryClient.invalidateQueries({ queryKey: multimediaKeys.dettaglio(id), refetchType: 'none' }),
    ]),
  });
}
