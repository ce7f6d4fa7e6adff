import { importazioniApi, MSG_IMPORT } from '../../shared/importazioni.js';
import { sqlOf } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { accodaImport, rapportoImportazione } from './in-coda.js';
import { erroriImportazione, leggiImportazione, storicoImportazioni } from './storico.js';

export const importazioniRoutes = routeGroup(importazioniApi, {
  carica: async ({ deps, files, input, admin }) =>
    accodaImport(sqlOf(deps.db), deps.config.mediaDir, files, input, { origine: 'admin', adminId: admin.id, nome: admin.username }),
  rapporto: async ({ deps, input }) => {
    const r = await rapportoImportazione(sqlOf(deps.db), input.id);
    if (!r) throw notFound(MSG_IMPORT.sconosciuta);
    return r;
  },
  push: async ({ deps, files, input, token }) =>
    accodaImport(sqlOf(deps.db), deps.config.mediaDir, files, input, { origine: 'api', tokenId: token.id, nome: `token: ${token.nome}` }),
  esito: async ({ deps, input, token }) => {
    const sql = sqlOf(deps.db);
    const [r] = await sql<{ token_id: number | null }[]>`SELECT token_id FROM importazioni WHERE id = ${input.id}`;
    // A token reads the runs it pushed, not the admin's or another ERP's: those are as unknown to
    // it as ids never used (the same answer, which does not tell that a run exists).
    if (!r || r.token_id !== token.id) throw notFound(MSG_IMPORT.sconosciuta);
    return (await rapportoImportazione(sql, input.id))!;
  },
  storico: async ({ deps, input }) => storicoImportazioni(sqlOf(deps.db), input.start, input.limit),
  errori: async ({ deps, input }) => {
    const sql = sqlOf(deps.db);
    if (!(await leggiImportazione(sql, input.id))) throw notFound(MSG_IMPORT.sconosciuta);
    return erroriImportazione(sql, input.id, input.start, input.limit);
  },
});
