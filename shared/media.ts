import { z } from 'zod';
import { esito, idParam, intParam, testo, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import { MAX_DOCUMENTO_BYTES, MAX_FOTO_BYTES } from './upload.js';
import { LINK_MAX, linkValido } from './link.js';
import { LIMITI_MULTIMEDIA, MSG_MULTIMEDIA, MULTIMEDIA_TIPOLOGIE } from './media-costanti.js';

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

const MSG_TIPOLOGIA = `tipologia non valida: usare ${MULTIMEDIA_TIPOLOGIE.join(', ')}`;
const tipologia = z.enum(MULTIMEDIA_TIPOLOGIE, {
  error: (iss) => (iss.input === undefined || iss.input === '' ? 'Il campo Tipologia è obbligatorio.' : MSG_TIPOLOGIA),
});

export const multimediaLoadQuery = z.object({ multimedia_id: idParam('multimedia_id').optional() });
export const multimediaTipologiaQuery = z.object({
  tipologia: z.enum(MULTIMEDIA_TIPOLOGIE, { error: MSG_TIPOLOGIA }),
});

const nome = testo(MSG_MULTIMEDIA.nomeObbligatorio).trim()
  .min(1, MSG_MULTIMEDIA.nomeObbligatorio).max(LIMITI_MULTIMEDIA.nome, `Nome troppo lungo (massimo ${LIMITI_MULTIMEDIA.nome} caratteri)`);
const descrizione = testoMultiriga().trim()
  .max(LIMITI_MULTIMEDIA.descrizione, `Descrizione troppo lunga (massimo ${LIMITI_MULTIMEDIA.descrizione} caratteri)`);
/** A banner's link, or '' (no link: a document, or a field left out). */
const link = testo().trim().max(LINK_MAX, `Link troppo lungo (massimo ${LINK_MAX} caratteri)`)
  .refine((s) => s === '' || linkValido(s), MSG_MULTIMEDIA.linkNonValido);

/**
 * multimedia/test: the text fields of the multipart form; the files come as `file` (the
 * document to download) and `cover` (its image). `fileType` and `coverType` are what the original
 * form sent beside them ('link', 'cover'): accepted, nothing else.
 */
export const multimediaCreaRequest = z.object({
  nome,
  descrizione: descrizione.default(''),
  tipologia,
  link: link.default(''),
  fileType: z.literal('link', { error: "fileType deve essere 'link'" }).optional(),
  coverType: z.literal('cover', { error: "coverType deve essere 'cover'" }).optional(),
});
export type MultimediaCreaRequest = z.input<typeof multimediaCreaRequest>;
export const multimediaCreaResponse = esito.extend({ id: z.number().int() });

/** multimedia/update: the item and the fields to change (at least one). */
export const multimediaUpdateRequest = z.object({
  multimedia_id: idParam('multimedia_id'),
  nome: nome.optional(),
  descrizione: descrizione.optional(),
  tipologia: tipologia.optional(),
  link: link.optional(),
  /** Position among the items of its type (lower first). */
  ordine: intParam('ordine non valido').pipe(z.number().min(0, 'ordine non valido')).optional(),
});
export type MultimediaUpdateRequest = z.input<typeof multimediaUpdateRequest>;

export const multimediaIdRequest = z.object({ multimedia_id: idParam('multimedia_id') });

/** multimedia/ordina: every item of one type, in the new order. */
export const multimediaOrdinaRequest = z.object({
  ids: z.array(idParam('ids'), { error: 'ids deve essere un elenco di id' })
    .min(1, 'ids non può essere vuoto').max(500, 'Troppi elementi da ordinare (massimo 500)')
    .refine((ids) => new Set(ids).size === ids.length, MSG_MULTIMEDIA.ordineNonValido),
});

/** The files of an item: the document (≤ 50 MB) and its cover image (≤ 10 MB, docs/regole/generale.md#uploads). */
const fileMultimedia = {
  campi: ['file', 'cover'], maxFile: 2, maxBytes: MAX_DOCUMENTO_BYTES, maxBytesCampo: { cover: MAX_FOTO_BYTES }, maxTotale: MAX_DOCUMENTO_BYTES + MAX_FOTO_BYTES,
} as const;

const T = 'Multimedia';

/**
 * Multimedia (docs/regole/multimedia.md#multimedia-items): the lists customers read, and the admin's
 * create, edit, file replacement, order and delete.
 */
export const mediaApi = {
  carica: contract({
    path: 'multimedia/load', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Tutti i contenuti multimediali, o uno solo con multimedia_id', input: multimediaLoadQuery, response: multimediaList,
  }),
  perTipologia: contract({
    path: 'multimedia/loadtipologia', methods: ['GET'], access: 'sessione', tag: T,
    summary: "Contenuti multimediali di un tipo ('banner laterale', novita, volantino, catalogo, …)",
    input: multimediaTipologiaQuery, response: multimediaList,
  }),
  crea: contract({
    path: 'multimedia/test', methods: ['POST'], access: 'admin', tag: T,
    summary: "Nuovo contenuto (multipart): nome, descrizione, tipologia, file (documento) e cover (immagine); un 'banner laterale' ha cover e link, nessun file",
    input: multimediaCreaRequest, response: multimediaCreaResponse, upload: fileMultimedia,
  }),
  modifica: contract({
    path: 'multimedia/update', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: 'Modifica nome, descrizione, tipologia, link o ordine di un contenuto',
    input: multimediaUpdateRequest, response: esito,
  }),
  sostituisciFile: contract({
    path: 'multimedia/file', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Sostituisce il file e/o la cover di un contenuto (multipart: multimedia_id, file, cover); i vecchi file sono eliminati',
    input: multimediaIdRequest, response: esito, upload: fileMultimedia,
  }),
  ordina: contract({
    path: 'multimedia/ordina', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Nuovo ordine dei contenuti di una tipologia (ids: tutti, nel nuovo ordine)',
    input: multimediaOrdinaRequest, response: esito,
  }),
  cancella: contract({
    path: 'multimedia/delete', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: 'Cancella un contenuto e i suoi file',
    input: multimediaIdRequest, response: esito,
  }),
};
