import type { FastifyInstance } from 'fastify';
import { multimediaList, multimediaLoadQuery, multimediaTipologiaQuery } from '../../shared/media.js';
import { defineRoute } from '../lib/route.js';
import { multimediaAll, multimediaById, multimediaByTipologia } from './multimedia.queries.js';

const TAG = 'Multimedia';

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    path: 'multimedia/load', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Tutti i contenuti multimediali, o uno solo con multimedia_id',
    input: multimediaLoadQuery, response: multimediaList,
    handler: async ({ deps, input }) =>
      input.multimedia_id === undefined ? multimediaAll(deps.db) : multimediaById(deps.db, input.multimedia_id),
  });
  defineRoute(app, {
    path: 'multimedia/loadtipologia', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: "Contenuti multimediali di un tipo ('banner laterale', novita, volantino, catalogo, …)",
    input: multimediaTipologiaQuery, response: multimediaList,
    handler: async ({ deps, input }) => multimediaByTipologia(deps.db, input.tipologia),
  });
}
