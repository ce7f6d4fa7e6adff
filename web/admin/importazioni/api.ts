import { queryOptions, useMutation } from '@tanstack/react-query';
import { ERRORI_PAGINA_MAX, importInCorso, type TipoImport } from '../../../shared/importazioni-costanti.js';
import type { ErroreImport } from '../../../shared/importazioni.js';
import { importazioniRotte } from '../../../shared/rotte/importazioni.js';
import { tokenRotte } from '../../../shared/rotte/token.js';
import { callApi, uploadApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { erroriCsv } from './errori-csv';

/** Calls of the 'Importazioni' screen (tecnico): runs, their refused rows, the ERP's API tokens. */
export const importKeys = {
  storico: (start: number, limit: number) => ['admin', 'importazioni', 'storico', start, limit] as const,
  storicoAll: ['admin', 'importazioni', 'storico'] as const,
  rapporto: (id: number) => ['admin', 'importazioni', 'rapporto', id] as const,
  errori: (id: number, start: number, limit: number) => ['admin', 'importazioni', 'errori', id, start, limit] as const,
  token: ['admin', 'importazioni', 'token'] as const,
};

export const storicoQuery = (start: number, limit: number, inCorso: boolean) =>
  queryOptions({
    queryKey: importKeys.storico(start, limit),
    queryFn: ({ signal }) => callApi(importazioniRotte.storico, { start, limit }, { signal }),
    // While a run is going (here or in another browser), its progress is read every second.
    refetchInterval: inCorso ? 1000 : false,
  });

export interface Invio {
  tipo: TipoImport;
  file: File;
  /** documenti: the PDFs and XMLs the sheet names, beside it. */
  allegati: readonly File[];
  completo: boolean;
  prova: boolean;
  /** Most refused rows in percent; the server's default when absent. */
  soglia?: number;
}

/**
 * Reads of a run's report a quarter of a second apart, this many times: a small file's dry run ends
 * within them and is shown as it ends, not up to a second later; a long run is then read every second.
 */
const LETTURE_RAPIDE = 12;

/** A queued run's report, read until the run has ended (then the history too). */
export const rapportoQuery = (id: number) =>
  queryOptions({
    queryKey: importKeys.rapporto(id),
    queryFn: async ({ signal }) => {
      const r = await callApi(importazioniRotte.rapporto, { id }, { signal });
      if (!importInCorso(r.importazione)) void queryClient.invalidateQueries({ queryKey: importKeys.storicoAll });
      return r;
    },
    refetchInterval: (q) => {
      if (q.state.data && !importInCorso(q.state.data.importazione)) return false;
      return q.state.dataUpdateCount < LETTURE_RAPIDE ? 250 : 1000;
    },
  });

/** Sends the file to the queue: a dry run (prova) for the report, or the real import. */
export function inviaImport(i: Invio, onProgress: (inviati: number, totale: number) => void, signal: AbortSignal) {
  return uploadApi(importazioniRotte.carica, { tipo: i.tipo, completo: i.completo, prova: i.prova, soglia: i.soglia }, { file: [i.file], allegati: i.allegati }, { onProgress, signal })
    .finally(() => queryClient.invalidateQueries({ queryKey: importKeys.storicoAll }));
}

/** A page of a run's refused rows (an ended run's do not change). */
export const erroriQuery = (id: number, start: number, limit: number) =>
  queryOptions({
    queryKey: importKeys.errori(id, start, limit),
    queryFn: ({ signal }) => callApi(importazioniRotte.errori, { id, start, limit }, { signal }),
    staleTime: Infinity,
  });

/** The refused rows of a run as a CSV file (';', UTF-8 with BOM: Excel opens it as it is), read a page at a time. */
export async function scaricaErrori(id: number, file: string): Promise<void> {
  const errori: ErroreImport[] = [];
  for (let totale = 1; errori.length < totale;) {
    const pagina = await callApi(importazioniRotte.errori, { id, start: errori.length, limit: ERRORI_PAGINA_MAX });
    if (pagina.errori.length === 0) break;
    errori.push(...pagina.errori);
    totale = pagina.totale;
  }
  const url = URL.createObjectURL(new Blob([erroriCsv(errori)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `errori-importazione-${id}-${file.replace(/\.[^.]+$/, '')}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

export const tokenQuery = () =>
  queryOptions({ queryKey: importKeys.token, queryFn: ({ signal }) => callApi(tokenRotte.elenco, {}, { signal }) });

export function useCreaToken() {
  return useMutation({
    mutationFn: (nome: string) => callApi(tokenRotte.crea, { nome }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.token }),
  });
}

export function useRevocaToken() {
  return useMutation({
    mutationFn: (id: number) => callApi(tokenRotte.revoca, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.token }),
  });
}
