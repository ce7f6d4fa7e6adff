import { z } from 'zod';
import { mediaProdotto } from './catalogo.js';
import { codice, esito, idParam, testo } from './common.js';
import { contract } from './contract.js';
import { MAX_CARICAMENTO_MEDIA_BYTES, MAX_DOCUMENTO_BYTES, MAX_FOTO_BYTES } from './upload.js';

/** The two kinds of a product's media (docs/regole/catalogo.md#product-media). */
export const TIPOLOGIE_MEDIA = ['foto', 'allegato'] as const;
export type TipologiaMedia = (typeof TIPOLOGIE_MEDIA)[number];

/** At most this many files in one photo-upload (a product's photo shoot, a set of data sheets). */
export const MAX_FILE_CARICAMENTO = 20;
/** An attachment's name, as the product page lists it. */
export const NOME_ALLEGATO_MAX = 120;

export const MSG_MEDIA = {
  /** Outcomes of the photo actions (docs/regole/admin.md#product-photos). */
  principale: 'Foto Principale impostata con successo',
  nessunaPrincipale: 'Nessuna foto ora è impostata come principale',
  cancellata: 'Media cancellata con successo',
  /** An attachment needs a name. */
  nomeObbligatorio: 'Il campo Nome è obbligatorio per gli allegati.',
  /** Empty lists. */
  nessunaFoto: 'Nessuna Foto Aggiuntiva Caricata',
  nessunAllegato: 'Nessun Allegato Caricato',
  caricati: (tipologia: TipologiaMedia, n: number) => (tipologia === 'foto'
    ? (n === 1 ? 'Foto caricata con successo' : `${n} foto caricate con successo`)
    : (n === 1 ? 'Allegato caricato con successo' : `${n} allegati caricati con successo`)),
  prodottoNonTrovato: (codiceProdotto: string) => `Prodotto ${codiceProdotto} non trovato.`,
  mediaNonTrovata: (id: number) => `Media ${id} non trovata per questo prodotto.`,
  soloFoto: 'Solo una foto può essere impostata come principale.',
} as const;

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
    upload: { campi: ['allegati[]'], maxFile: MAX_FILE_CARICAMENTO, maxBytes: MAX_DOCUMENTO_BYTES, maxTotale: MAX_CARICAMENTO_MEDIA_BYTES },
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
