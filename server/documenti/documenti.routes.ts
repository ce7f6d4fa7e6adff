import { documentiApi } from '../../shared/documenti.js';
import { urlPortale } from '../approvazioni/approvazioni.service.js';
import { routeGroup } from '../lib/route.js';
import { leggiDocumenti } from './documenti.queries.js';
import { fatturaPaDelDocumento, fileDelDocumento } from './documenti.service.js';
import { ricevDocumento } from './push.service.js';
import { zipDocumenti } from './zip-documenti.js';

export const documentiRoutes = routeGroup(documentiApi, {
  push: async ({ deps, files, input, token }) => ricevDocumento(deps.db, deps.archivio, files, input, token.id, urlPortale(deps.config)),
  leggi: async ({ deps, input, cliente }) => leggiDocumenti(deps.db, cliente.id, input),
  file: async ({ deps, input, cliente, reply }) => fileDelDocumento(deps.db, deps.archivio, reply, cliente.id, input),
  fatturaPa: async ({ deps, input, cliente }) => fatturaPaDelDocumento(deps.db, deps.archivio, cliente.id, input.id),
  zip: async ({ deps, input, cliente }) => zipDocumenti(deps.db, deps.archivio, cliente.id, input.ids),
});
