import { mediaApi } from '../../shared/media.js';
import { routeGroup } from '../lib/route.js';
import {
  aggiornaMultimedia, cancellaMultimedia, creaMultimedia, ordinaMultimedia, sostituisciFileMultimedia,
} from './multimedia.service.js';
import { multimediaAll, multimediaById, multimediaByTipologia } from './multimedia.queries.js';

export const mediaRoutes = routeGroup(mediaApi, {
  carica: async ({ deps, input }) =>
    input.multimedia_id === undefined ? multimediaAll(deps.db) : multimediaById(deps.db, input.multimedia_id),
  perTipologia: async ({ deps, input }) => multimediaByTipologia(deps.db, input.tipologia),
  crea: async ({ deps, admin, input, files }) => creaMultimedia(deps.db, deps.archivio, admin, input, files),
  modifica: async ({ deps, admin, input }) => aggiornaMultimedia(deps.db, admin, input),
  sostituisciFile: async ({ deps, admin, input, files, req }) =>
    sostituisciFileMultimedia(deps.db, deps.archivio, admin, input.multimedia_id, files, req.log),
  ordina: async ({ deps, admin, input }) => ordinaMultimedia(deps.db, admin, input.ids),
  cancella: async ({ deps, admin, input, req }) => cancellaMultimedia(deps.db, deps.archivio, admin, input.multimedia_id, req.log),
});
