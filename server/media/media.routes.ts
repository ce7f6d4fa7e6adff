import { mediaApi } from '../../shared/media.js';
import { routeGroup } from '../lib/route.js';
import { multimediaAll, multimediaById, multimediaByTipologia } from './multimedia.queries.js';

export const mediaRoutes = routeGroup(mediaApi, {
  carica: async ({ deps, input }) =>
    input.multimedia_id === undefined ? multimediaAll(deps.db) : multimediaById(deps.db, input.multimedia_id),
  perTipologia: async ({ deps, input }) => multimediaByTipologia(deps.db, input.tipologia),
});
