import { importazioniApi } from '../../shared/importazioni.js';
import { MSG_IMPORT } from '../../shared/importazioni-costanti.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { cartellaTemporanea } from '../lib/upload/ricevi-file.js';
import { accodaImport, rapportoDelToken, rapportoImportazione } from './in-coda.js';
import { erroriImportazione, leggiImportazione, storicoImportazioni } from './storico.js';

export const importazioniRoutes = routeGroup(importazioniApi, {
  carica: async ({ deps, files, input, admin }) =>
    accodaImport(deps.db, deps.archivio, files, input, { origine: 'admin', adminId: admin.id, nome: admin.username }, cartellaTemporanea(deps.config.mediaDir)),
  rapporto: async ({ deps, input }) => {
    const r = await rapportoImportazione(deps.db, input.id);
    if (!r) throw notFound(MSG_IMPORT.sconosciuta);
    return r;
  },
  push: async ({ deps, files, input, token }) =>
    accodaImport(deps.db, deps.archivio, files, input, { origine: 'api', tokenId: token.id, nome: `token: ${token.nome}` }, cartellaTemporanea(deps.config.mediaDir)),
  esito: async ({ deps, input, token }) => rapportoDelToken(deps.db, input.id, token.id),
  storico: async ({ deps, input }) => storicoImportazioni(deps.db, input.start, input.limit),
  errori: async ({ deps, input }) => {
    if (!(await leggiImportazione(deps.db, input.id))) throw notFound(MSG_IMPORT.sconosciuta);
    return erroriImportazione(deps.db, input.id, input.start, input.limit);
  },
});
