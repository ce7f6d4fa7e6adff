import { queryOptions } from '@tanstack/react-query';
import type { EntitaStorico } from '../../../shared/audit.js';
import { auditRotte } from '../../../shared/rotte/audit.js';
import { callApi } from '../../lib/api';

/** Whose 'Storico modifiche': a client's, a user's, or one record's (a product, a category). */
export type Soggetto = { clienteId: number } | { utenteId: number } | { entita: EntitaStorico; entitaId: string };

const chiave = (s: Soggetto) => ('clienteId' in s ? ['cliente', s.clienteId] as const
  : 'utenteId' in s ? ['utente', s.utenteId] as const : [s.entita, s.entitaId] as const);

const filtro = (s: Soggetto) => ('clienteId' in s ? { cliente_id: s.clienteId }
  : 'utenteId' in s ? { utente_id: s.utenteId } : { entita: s.entita, entita_id: s.entitaId });

export const storicoKeys = {
  /** Every history: a change to a user is recorded for the user and for each of its clients. */
  all: ['admin', 'storico'] as const,
  di: (s: Soggetto) => ['admin', 'storico', ...chiave(s)] as const,
  pagina: (s: Soggetto, start: number, limit: number) => ['admin', 'storico', ...chiave(s), start, limit] as const,
};

/** GET modifiche/read: the admin changes of this client, user or record, newest first, one page at a time. */
export const storicoQuery = (s: Soggetto, start: number, limit: number) =>
  queryOptions({
    queryKey: storicoKeys.pagina(s, start, limit),
    queryFn: ({ signal }) => callApi(auditRotte.storico, { ...filtro(s), start, limit }, { signal }),
  });
