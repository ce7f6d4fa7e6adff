import { queryOptions } from '@tanstack/react-query';
import type { FORMATI_ESPORTAZIONE, OrdiniElencoQuery } from '../../shared/ordini.js';
import { ordiniRotte } from '../../shared/rotte/ordini.js';
import { buildUrl, callApi, downloadBlob } from '../lib/api';
import { saveBlob } from '../lib/media';
import type { SessionData } from '../lib/storage';

/** Calls of the order screens and of the monthly turnover line. */

/** What a confirmation leaves in the history's state for /ordini (checkout/useConfermaOrdine.ts → OrdineInviato): the order made, the server's words, where its mail goes. */
export interface Inviato {
  id: number;
  msg: string;
  conferma_a?: string;
  /** 'in_approvazione': held over a limit of its user (docs/regole/organizzazione.md), not confirmed yet. */
  stato?: string;
}

export const ordiniKeys = {
  all: ['ordini'] as const,
  stats: (azienda: string, cliente: string) => ['ordini', 'stats', azienda, cliente] as const,
};

/** GET ordini/statsByAziendaAndCliente: monthly turnover rows {anno, mese, importo_totale}. */
export const fatturatoQuery = (azienda: string, cliente: string) =>
  queryOptions({
    queryKey: ordiniKeys.stats(azienda, cliente),
    queryFn: ({ signal }) =>
      callApi(ordiniRotte.fatturatoMensile, { azienda_codice: azienda, cliente_codice: cliente }, { signal }),
    staleTime: 5 * 60_000,
  });

/** The history's filters as the URL and the calls carry them (empty ones left out). */
/** The history's filters (docs/regole/ordini.md#order-history), as the URL keeps them. */
export const CAMPI_FILTRI_ORDINI = ['dal', 'al', 'nome', 'codice_prodotto', 'stato'] as const;
export type FiltriOrdini = Partial<Pick<OrdiniElencoQuery, (typeof CAMPI_FILTRI_ORDINI)[number]>>;
type Codici = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;
const codici = (s: Codici) => ({ utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

/** GET ordini/elenco: one page of the filtered history and its total. */
export const ordiniElencoQuery = (s: Codici, filtri: FiltriOrdini, start: number, limit: number) =>
  queryOptions({
    queryKey: [...ordiniKeys.all, 'elenco', s.azienda_codice, s.cliente_codice, s.utente_codice, filtri, start, limit] as const,
    queryFn: ({ signal }) => callApi(ordiniRotte.elenca, { ...codici(s), ...filtri, start, limit }, { signal }),
  });

/** GET ordini/dettaglio: one of the user's orders, read whole as the history lists it. */
export const ordineQuery = (s: Codici, id: number) =>
  queryOptions({
    queryKey: [...ordiniKeys.all, 'dettaglio', s.azienda_codice, s.cliente_codice, s.utente_codice, id] as const,
    queryFn: async ({ signal }) => (await callApi(ordiniRotte.dettaglio, { ...codici(s), id }, { signal })).ordine,
  });

/** GET ordini/anteprimaRiordino: an order's lines against today's prices and stock (never cached: it is about now). */
export const anteprimaRiordinoQuery = (s: Codici, ordineId: number) =>
  queryOptions({
    queryKey: [...ordiniKeys.all, 'anteprima', s.azienda_codice, s.cliente_codice, s.utente_codice, ordineId] as const,
    queryFn: ({ signal }) => callApi(ordiniRotte.anteprimaRiordino, { ...codici(s), ordine_id: ordineId }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** GET ordini/esporta: the filtered orders as a file, saved under its name. */
export async function esportaOrdini(s: Codici, filtri: FiltriOrdini, formato: (typeof FORMATI_ESPORTAZIONE)[number]): Promise<void> {
  const blob = await downloadBlob(buildUrl(ordiniRotte.esporta.path, { ...codici(s), ...filtri, formato }));
  saveBlob(blob, `ordini.${formato}`);
}

/** GET ordini/pdf: one of the user's orders as its confirmation PDF, saved as ordine-<id>.pdf. */
export async function scaricaPdfOrdine(s: Codici, id: number): Promise<void> {
  const blob = await downloadBlob(buildUrl(ordiniRotte.pdf.path, { ...codici(s), id }));
  saveBlob(blob, `ordine-${id}.pdf`);
}
