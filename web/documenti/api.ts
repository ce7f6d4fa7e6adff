import { queryOptions } from '@tanstack/react-query';
import type { DocumentiFiltri } from '../../shared/documenti.js';
import { documentiRotte } from '../../shared/rotte/documenti.js';
import { buildUrl, callApi, downloadBlob } from '../lib/api';
import { saveBlob } from '../lib/media';
import type { SessionData } from '../lib/storage';

/** Calls of the 'Documenti' page, the FatturaPA page and the order's chain (docs/regole/documenti.md). */

type Codici = Pick<SessionData, 'azienda_codice' | 'cliente_codice'>;
const codici = (s: Codici) => ({ azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

export type FiltriDocumenti = Pick<DocumentiFiltri, 'tipo' | 'dal' | 'al' | 'numero'>;

export const documentiKeys = { all: ['documenti'] as const };

/** GET documenti/read: one page of the client's documents with the filters. */
export const documentiQuery = (s: Codici, filtri: FiltriDocumenti, start: number, limit: number) =>
  queryOptions({
    queryKey: [...documentiKeys.all, 'elenco', s.azienda_codice, s.cliente_codice, filtri, start, limit] as const,
    queryFn: ({ signal }) => callApi(documentiRotte.leggi, { ...codici(s), ...filtri, start, limit }, { signal }),
  });

/** GET documenti/read for one order: its chain (its DDT and the invoices billing them). */
export const catenaOrdineQuery = (s: Codici, ordineId: number) =>
  queryOptions({
    queryKey: [...documentiKeys.all, 'ordine', s.azienda_codice, s.cliente_codice, ordineId] as const,
    queryFn: ({ signal }) => callApi(documentiRotte.leggi, { ...codici(s), ordine_id: ordineId, limit: 100 }, { signal }),
  });

/** GET documenti/fatturapa: the invoice's FatturaPA as a readable page. */
export const fatturaPaQuery = (s: Codici, id: number) =>
  queryOptions({
    queryKey: [...documentiKeys.all, 'fatturapa', s.azienda_codice, s.cliente_codice, id] as const,
    queryFn: ({ signal }) => callApi(documentiRotte.fatturaPa, { ...codici(s), id }, { signal }),
  });

/** The PDF's address: opened by the browser in a new tab, or (scarica) saved. */
export const urlPdf = (s: Codici, id: number, scarica = false) =>
  buildUrl(documentiRotte.file.path, { ...codici(s), id, ...(scarica ? { scarica: '1' } : {}) });
export const urlXml = (s: Codici, id: number) => buildUrl(documentiRotte.file.path, { ...codici(s), id, formato: 'xml' });

/** GET documenti/zip: the chosen documents' PDFs as one ZIP, saved under its name. */
export async function scaricaZip(s: Codici, ids: readonly number[]): Promise<void> {
  const blob = await downloadBlob(buildUrl(documentiRotte.zip.path, { ...codici(s), ids: ids.join(',') }));
  saveBlob(blob, 'documenti.zip');
}
