import { queryOptions } from '@tanstack/react-query';
import { ordiniApi } from '../../shared/ordini.js';
import { callApi } from '../lib/api';
import type { SessionData } from '../lib/storage';

/** Calls of the order screens and of the monthly turnover line. */

export const ordiniKeys = {
  all: ['ordini'] as const,
  list: (s: Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>) =>
    ['ordini', 'list', s.azienda_codice, s.cliente_codice, s.utente_codice] as const,
  stats: (azienda: string, cliente: string) => ['ordini', 'stats', azienda, cliente] as const,
};

/** GET ordini/read: the user's orders for the session's client, newest first. */
export const ordiniQuery = (s: Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>) =>
  queryOptions({
    queryKey: ordiniKeys.list(s),
    queryFn: ({ signal }) =>
      callApi(ordiniApi.leggi, {
        utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice,
      }, { signal }),
  });

/** GET ordini/statsByAziendaAndCliente: monthly turnover rows {anno, mese, importo_totale}. */
export const fatturatoQuery = (azienda: string, cliente: string) =>
  queryOptions({
    queryKey: ordiniKeys.stats(azienda, cliente),
    queryFn: ({ signal }) =>
      callApi(ordiniApi.fatturatoMensile, { azienda_codice: azienda, cliente_codice: cliente }, { signal }),
    staleTime: 5 * 60_000,
  });
