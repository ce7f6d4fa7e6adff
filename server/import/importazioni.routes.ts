import { importazioniApi, MSG_IMPORT } from '../../shared/importazioni.js';
import { sqlOf } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { importaDaUpload } from './da-upload.js';
import { erroriImportazione, leggiImportazione, storicoImportazioni } from './storico.js';

export const importazioniRoutes = routeGroup(importazioniApi, {
  carica: async ({ deps, files, input, admin, req }) =>
    importaDaUpload(sqlOf(deps.db), deps.config, files, input, { origine: 'admin', adminId: admin.id, nome: admin.username }, req.log),
  push: async ({ deps, files, input, token, req }) =>
    importaDaUpload(sqlOf(deps.db), deps.config, files, input, { origine: 'api', nome: `token: ${token.nome}` }, req.log),
  storico: async ({ deps, input }) => storicoImportazioni(sqlOf(deps.db), input.start, input.limit),
  errori: async ({ deps, input }) => {
    const sql = sqlOf(deps.db);
    if (!(await leggiImportazione(sql, input.id))) throw notFound(MSG_IMPORT.sconosciuta);
    return { errori: await erroriImportazione(sql, input.id) };
  },
});
