import { z } from 'zod';
import { mediaProdotto } from './catalogo.js';
import { codice, esito, idParam, testo } from './common.js';
import { contract } from './contract.js';
import {
  CAMPO_FILE_MEDIA, MAX_FILE_CARICAMENTO, MSG_MEDIA, NOME_ALLEGATO_MAX, TIPOLOGIE_MEDIA,
} from './prodotti-media-costanti.js';
import { MAX_CARICAMENTO_MEDIA_BYTES, MAX_DOCUMENTO_BYTES, MAX_FOTO_BYTES } from './upload.js';

const tipologia = z.enum(TIPOLOGIE_MEDIA, { error: "tipologia non valida: usare 'foto' o 'allegato'" });

/**
 * The text fields of prodotto/photo-upload; the files come in `allegati[]`. `nome` names the
 * attachments (required for them); photos take no name ('default' marks the main one).
 */
export const caricaMediaInput = z.object({
  codice_prodotto: codice,
  tipologia,
  nome: testo().trim().max(NOME_ALLEGATO_MAX, `Il nome può avere al massimo ${NOME_ALLEGATO_MAX} caratteri`).optional(),
}).superRefine((v, ctx) => {
  if (v.tipologia === 'allegato' && !v.nome) ctx.addIssue({ code: 'custom', path: ['nome'], message: MSG_MEDIA.nomeObbligatorio });
});

export const esitoCaricamento = z.object({ status: z.number().int(), msg: z.string(), media: z.array(mediaProdotto) });

export const mediaDelProdottoQuery = z.object({ codice_prodotto: codice, tipologia });
export const mediaIdRequest = z.object({ codice_prodotto: codice, media_id: idParam('media_id') });
export const prodottoRequest = z.object({ codice_prodotto: codice });

const T = 'Prodotti';

/** A product's photos and attachments, managed from the admin product page (docs/regole/admin.md#product-photos). */
export const prodottiMediaApi = {
  carica: contract({
    path: 'prodotto/photo-upload', methods: ['POST'], access: 'admin', tag: T,
    summary: "Carica foto (solo immagini, al massimo 10 MB l'una) o allegati (documenti con un nome, al massimo 50 MB) di un prodotto: tutti o nessuno",
    input: caricaMediaInput, response: esitoCaricamento,
    upload: { campi: [CAMPO_FILE_MEDIA], maxFile: MAX_FILE_CARICAMENTO, maxBytes: MAX_DOCUMENTO_BYTES, maxTotale: MAX_CARICAMENTO_MEDIA_BYTES },
  }),
  elenco: contract({
    path: 'prodotto/photo-get', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Foto o allegati di un prodotto (la foto principale per prima)',
    input: mediaDelProdottoQuery, response: z.array(mediaProdotto),
  }),
  cancella: contract({
    path: 'prodotto/photo-delete', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: 'Cancella una foto o un allegato di un prodotto, con i suoi file',
    input: mediaIdRequest, response: esito,
  }),
  impostaPrincipale: contract({
    path: 'prodotto/set-photo-name', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: "Imposta la foto principale ('default') di un prodotto: al massimo una",
    input: mediaIdRequest, response: esito,
  }),
  nessunaPrincipale: contract({
    path: 'prodotto/reset-photo-name', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: 'Nessuna foto del prodotto resta principale',
    input: prodottoRequest, response: esito,
  }),
  caricaFoto: contract({
    path: 'prodotti/media', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Fino a tre foto di un prodotto in foto1, foto2, foto3 (foto1, se presente, diventa la principale): tutte o nessuna',
    input: prodottoRequest, response: esitoCaricamento,
    upload: { campi: ['foto1', 'foto2', 'foto3'], maxFile: 3, maxBytes: MAX_FOTO_BYTES, maxTotale: 3 * MAX_FOTO_BYTES },
  }),
};
