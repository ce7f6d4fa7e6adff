import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InputOf } from '../../../shared/contract.js';
import { preventiviRotte } from '../../../shared/rotte/preventivi.js';
import { buildUrl, callApi, downloadBlob } from '../../lib/api';
import { saveBlob } from '../../lib/media';
import { queryClient } from '../../lib/queryClient';

/** The staff's calls on quotes (issue 37): the queue, its counter, one quote, take in charge, answer, ask, reopen. */
export type FiltriCoda = Pick<InputOf<typeof preventiviRotte.coda>, 'stato' | 'numero' | 'cliente' | 'miei' | 'dal' | 'al'>;
/** The queue's filters as the URL keeps them (useFiltriUrl). */
export const CAMPI_FILTRI_CODA = ['stato', 'numero', 'dal', 'al', 'cliente', 'miei'] as const;

export const codaKeys = {
  all: ['admin', 'preventivi'] as const,
  coda: (f: FiltriCoda, start: number, limit: number) => ['admin', 'preventivi', 'coda', f, start, limit] as const,
  contatore: ['admin', 'preventivi', 'contatore'] as const,
  dettaglio: (id: number) => ['admin', 'preventivi', 'dettaglio', id] as const,
  validita: ['admin', 'preventivi', 'validita'] as const,
};

export const validitaQuery = queryOptions({
  queryKey: codaKeys.validita,
  queryFn: ({ signal }) => callApi(preventiviRotte.validita, {}, { signal }),
});

export function useImpostaValidita() {
  return useMutation({
    mutationFn: (giorni: number) => callApi(preventiviRotte.impostaValidita, { giorni_validita: giorni }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codaKeys.validita }),
  });
}

export const codaQuery = (f: FiltriCoda, start: number, limit: number) => queryOptions({
  queryKey: codaKeys.coda(f, start, limit),
  queryFn: ({ signal }) => callApi(preventiviRotte.coda, { ...f, start, limit }, { signal }),
  staleTime: 0,
});

export const contatoreQuery = queryOptions({
  queryKey: codaKeys.contatore,
  queryFn: ({ signal }) => callApi(preventiviRotte.contatore, {}, { signal }),
  staleTime: 0,
});

export const dettaglioAdminQuery = (id: number) => queryOptions({
  queryKey: codaKeys.dettaglio(id),
  queryFn: ({ signal }) => callApi(preventiviRotte.dettaglio, { id }, { signal }),
  staleTime: 0,
});

const rileggi = () => queryClient.invalidateQueries({ queryKey: codaKeys.all });

export function useAzioniStaff() {
  const prendi = useMutation({ mutationFn: (id: number) => callApi(preventiviRotte.prendi, { id }), onSettled: rileggi });
  const rispondi = useMutation({ mutationFn: (v: InputOf<typeof preventiviRotte.rispondi>) => callApi(preventiviRotte.rispondi, v), onSettled: rileggi });
  const domanda = useMutation({ mutationFn: (v: { id: number; messaggio: string }) => callApi(preventiviRotte.domanda, v), onSettled: rileggi });
  const riapri = useMutation({ mutationFn: (v: { id: number; validita: number }) => callApi(preventiviRotte.riapri, v), onSettled: rileggi });
  return { prendi, rispondi, domanda, riapri };
}

/**
 * preventivi/crea: staff open a quote for a client (a phone request). One key per page: a second
 * click, or a retry after a lost answer, finds the quote the first opened.
 */
export function useCreaPreventivo() {
  return useMutation({
    mutationFn: (v: Omit<InputOf<typeof preventiviRotte.crea>, 'idempotency_key'> & { chiave: string }) => {
      const { chiave, ...input } = v;
      return callApi(preventiviRotte.crea, input, { headers: { 'Idempotency-Key': chiave } });
    },
    onSettled: rileggi,
  });
}

export async function scaricaPdfAdmin(id: number, versione: number, numero: string): Promise<void> {
  saveBlob(await downloadBlob(buildUrl(preventiviRotte.pdf.path, { id, versione })), `preventivo-${numero.replace('/', '-')}-v${versione}.pdf`);
}

export async function scaricaAllegatoAdmin(id: number, allegato: { id: number; nome: string }): Promise<void> {
  saveBlob(await downloadBlob(buildUrl(preventiviRotte.allegato.path, { id, allegato_id: allegato.id })), allegato.nome);
}
