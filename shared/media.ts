import { z } from 'zod';
import { idParam } from './common.js';
import { contract } from './contract.js';

/** Multimedia types (SPEC §3); side banners are 'banner laterale'. */
export const MULTIMEDIA_TIPOLOGIE = [
  'banner laterale', 'novita', 'volantino', 'catalogo', 'tabelle conversione', 'comparativi chiavi', 'nuovi inserimenti',
] as const;
export type MultimediaTipologia = (typeof MULTIMEDIA_TIPOLOGIE)[number];

export const multimediaItem = z.object({
  id: z.number().int(),
  nome: z.string(),
  descrizione: z.string(),
  tipologia: z.string(),
  cover_dir: z.string(),
  cover_file: z.string(),
  link_folder: z.string(),
  link_file: z.string(),
  link: z.string(),
  created_at: z.string(),
});
export type MultimediaItem = z.infer<typeof multimediaItem>;
export const multimediaList = z.array(multimediaItem);

export const multimediaLoadQuery = z.object({ multimedia_id: idParam('multimedia_id').optional() });
export const multimediaTipologiaQuery = z.object({
  tipologia: z.enum(MULTIMEDIA_TIPOLOGIE, { error: `tipologia non valida: usare ${MULTIMEDIA_TIPOLOGIE.join(', ')}` }),
});

/** Multimedia lists (SPEC §7 Multimedia and flyers), for customers and the admin screens. */
export const mediaApi = {
  carica: contract({
    path: 'multimedia/load', methods: ['GET'], access: 'sessione', tag: 'Multimedia',
    summary: 'Tutti i contenuti multimediali, o uno solo con multimedia_id', input: multimediaLoadQuery, response: multimediaList,
  }),
  perTipologia: contract({
    path: 'multimedia/loadtipologia', methods: ['GET'], access: 'sessione', tag: 'Multimedia',
    summary: "Contenuti multimediali di un tipo ('banner laterale', novita, volantino, catalogo, …)",
    input: multimediaTipologiaQuery, response: multimediaList,
  }),
};
