import { queryOptions } from '@tanstack/react-query';
import { auditApi } from '../../../shared/audit.js';
import { callApi } from '../../lib/api';

/** Whose 'Storico modifiche': a client's or a user's (modifiche/read filters by either). */
export type Soggetto = { clienteId: number } | { utenteId: number };

const chiave = (s: Soggetto) => ('clienteId' in s ? ['cliente', s.clienteId] as const : ['utente', s.utenteId] as const);

export const storicoKeys = {
  /** Every history: a change to a user is recorded for the user and for each of its clients. */
  all: ['admin', 'storico'] as const,
  di: (s: Soggetto) => ['admin', 'storico', ...chiave(s)] as const,
  pagina: (s: Soggetto, start: number, limit: number) => ['admin', 'storico', ...chiave(s), start, limit] as const,
};

/** GET modifiche/read: the admin changes of this client or user, newest first, one page at a time. */
export const storicoQuery = (s: Soggetto, start: number, limit: number) =>
  queryOptions({
    queryKey: storicoKeys.pagina(s, start, limit),
    queryFn: ({ signal }) => callApi(
      auditApi.storico,
      { ...('clienteId' in s ? { cliente_id: s.clienteId } : { utente_id: s.utenteId }), start, limit },
      { signal },
    ),
  });
