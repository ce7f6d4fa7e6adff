import { anagraficaApi, MSG_ANAGRAFICA } from '../../shared/anagrafica.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { cercaClienti, dettaglioCliente, leggiAziende, leggiClienti } from './clienti.queries.js';

export const anagraficaRoutes = routeGroup(anagraficaApi, {
  aziende: async ({ deps }) => ({ aziende: await leggiAziende(deps.db) }),
  // A blank term lists every client (docs/regole/admin.md#admin-search).
  clienti: async ({ deps, input }) => leggiClienti(deps.db, { stringa: input.stringa || undefined, start: input.start, limit: input.limit }),
  dettaglio: async ({ deps, input }) => {
    const cliente = await dettaglioCliente(deps.db, input.cliente_id);
    if (!cliente) throw notFound(MSG_ANAGRAFICA.clienteNonTrovato);
    return { cliente };
  },
  cerca: async ({ deps, input }) => ({ clienti: await cercaClienti(deps.db, input.stringa) }),
});
