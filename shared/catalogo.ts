import { z } from 'zod';
import { codice, esito, idParam, intParam, limitFino, paginazione, testo, testoMultiriga } from './common.js';
import { contract, type Scope } from './contract.js';
import {
  DESCRIZIONE_AGGIUNTIVA_MAX, DISPONIBILITA_COLORI, LIMITI_RICERCA, MSG_CATALOGO, MSG_RICERCA_CORTA, PZ_CONF_MAX, TITOLO_PORTALE_MAX,
} from './catalogo-costanti.js';

export const mediaProdotto = z.object({
  id: z.number().int(),
  codice_prodotto: z.string(),
  tipologia: z.enum(['foto', 'allegato']),
  nome: z.string(),
  file: z.string(),
  dir: z.string(),
  /** A photo's copies beside it in `dir`: for the product page (≤ 1600 px) and for cards and lists (≤ 400 px); null without. */
  file_web: z.string().nullable(),
  file_thumb: z.string().nullable(),
  /** The original's size in bytes; null when not known. */
  dimensione: z.number().int().nullable(),
  status: z.number().int(),
  created: z.string(),
  modified: z.string(),
});
export type MediaProdotto = z.infer<typeof mediaProdotto>;

/** A product with the session client's prices (docs/regole/catalogo.md#product-fields). */
export const prodottoBase = z.object({
  id: z.number().int(),
  codice_prodotto: z.string(),
  titolo: z.string(),
  descrizione1: z.string(),
  descrizione2: z.string(),
  titolo_portale: z.string().nullable(),
  descrizione_aggiuntiva: z.string(),
  data_creazione: z.string().nullable(),
  famiglia: z.string(), famiglia_id: z.string(),
  sottofamiglia: z.string(), sottofamiglia_id: z.string(),
  gruppo: z.string(), gruppo_id: z.string(),
  sottogruppo: z.string(), sottogruppo_id: z.string(),
  categoria_id: z.number().int().nullable(),
  um: z.string(),
  pz_conf: z.number().int(),
  pz_conf2: z.number().int(),
  /** Pack (shared/confezioni.ts): ordered in multiples of `multiplo`, at least `minimo`. */
  multiplo: z.number().int(),
  minimo: z.number().int(),
  /** Discount family (the clients' chains per family apply to it); null without. */
  famiglia_sconto: z.string().nullable(),
  iva_aliquota: z.number(),
  iva_ridotta: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  status: z.number().int(),
  brand_id: z.string(),
  brand_descrizione: z.string(),
  brand_url: z.string(),
  /** List price from the client's price list; 0 when missing. */
  prezzo: z.number(),
  /** Net price for the client (docs/regole/catalogo.md#net-price): special price, else list price × the chain, else less the client's discount. */
  prezzo_reale: z.number(),
  /** The discount chain that made prezzo_reale (`40+10+5`, or the client's discount `10`); '' when none (a special price). */
  sconti: z.string(),
  listino: z.number().int(),
  giac_attuale: z.number().int(),
  disponibilita: z.number().int(),
  disponibilita_colore: z.enum(DISPONIBILITA_COLORI),
  ord_forn: z.number().int(),
  promo: z.boolean(),
  novita: z.boolean(),
  /**
   * Path under /media/ of the main photo (the one named 'default', else the product's first photo),
   * or null without photos (the SPA then tries codart/…, then a placeholder): the original, for downloads.
   */
  foto_principale: z.string().nullable(),
  /** That photo's small copy for cards and lists (the original when it has none), or null. */
  foto_miniatura: z.string().nullable(),
  media_foto: z.array(mediaProdotto),
  media_allegati: z.array(mediaProdotto),
  info: z.object({
    codice_articolo: z.array(z.string()),
    codice_fornitore: z.array(z.string()),
    ean: z.array(z.string()),
    foto: z.array(z.string()),
    allegato: z.array(z.string()),
  }),
});
/** The product as sent: its price lists ride along as extra number keys pz1, pz2, … */
export const prodotto = prodottoBase.loose();
export type Prodotto = z.infer<typeof prodottoBase> & { [pz: `pz${number}`]: number | undefined };

export const paginaProdotti = z.object({
  prodotti: z.array(prodotto),
  paginaCorrente: z.number().int(),
  totalePagine: z.number().int(),
  totaleProdotti: z.number().int(),
  /**
   * search/prodotti only: the product the text is the client's own code of (listed first), with that
   * code, so that its card says 'Il tuo codice' (docs/regole/ordine-rapido.md#own-codes).
   */
  codice_cliente: z.object({ codice_prodotto: z.string(), codice: z.string() }).optional(),
});
export type PaginaProdotti = z.infer<typeof paginaProdotti>;
export const listaProdotti = z.object({ prodotti: z.array(prodotto) });

const scope = { cod_azienda: codice, cod_cliente: codice };
const page = paginazione();
const smallLimit = limitFino(100);

export const categoriaQuery = z.object({ ...scope, categoria_cod: codice, ...page });
export const volantinoQuery = z.object({ ...scope, volantino_id: idParam('volantino_id'), ...page });
export const brandQuery = z.object({ ...scope, brand_id: codice, ...page });
export const novitaQuery = z.object({ ...scope, ...page });
export const ultimiOrdinatiQuery = z.object({ ...scope, cod_utente: codice, limit: smallLimit.default(12) });
export const randomQuery = z.object({ ...scope, limit: smallLimit.default(12) });
export const detailsQuery = z.object({ ...scope, codice_prodotto: codice });
export const customQuery = z.object({ ...scope, ...page });
export const searchQuery = z.object({
  ...scope,
  stringa: testo('Testo di ricerca mancante').trim().min(LIMITI_RICERCA.min, MSG_RICERCA_CORTA).max(LIMITI_RICERCA.max, 'Testo di ricerca troppo lungo'),
  ...page,
});
export const byCodiceQuery = z.object({ codice_prodotto: codice, cod_azienda: codice.optional(), cod_cliente: codice.optional() });

export const dettaglioProdotto = z.object({ prodotto });

/** prodotto/edit: the portal's own texts of a product and its pieces per pack (all required). */
export const prodottoEditRequest = z.object({
  codice_prodotto: codice,
  titolo_portale: testo(MSG_CATALOGO.titoloObbligatorio).trim().min(1, MSG_CATALOGO.titoloObbligatorio)
    .max(TITOLO_PORTALE_MAX, `Il titolo portale può avere al massimo ${TITOLO_PORTALE_MAX} caratteri.`),
  descrizione_aggiuntiva: testoMultiriga(MSG_CATALOGO.descrizioneObbligatoria).trim()
    .min(1, MSG_CATALOGO.descrizioneObbligatoria)
    .max(DESCRIZIONE_AGGIUNTIVA_MAX, `La descrizione aggiuntiva può avere al massimo ${DESCRIZIONE_AGGIUNTIVA_MAX} caratteri.`),
  pz_conf: intParam(MSG_CATALOGO.pzConf).pipe(z.number().min(1, MSG_CATALOGO.pzConf).max(PZ_CONF_MAX, MSG_CATALOGO.pzConf)),
});
export type ProdottoEditRequest = z.input<typeof prodottoEditRequest>;
export type ProdottoEdit = z.output<typeof prodottoEditRequest>;

export const categoriaToggleRequest = z.object({ cod_cat: codice });
/** The category's status after the switch: 0 enabled, 1 disabled. */
export const categoriaToggleResponse = esito.extend({ new_value: z.number().int() });
export const prodottiByCodice = z.object({ prodotto: z.array(prodotto) });

export interface Categoria {
  id: number;
  cod_cat: string;
  nome: string;
  livello: number;
  status: number;
  figli: Categoria[];
}
export const categoria: z.ZodType<Categoria> = z.lazy(() => z.object({
  id: z.number().int(),
  cod_cat: z.string(),
  nome: z.string(),
  livello: z.number().int(),
  status: z.number().int(),
  figli: z.array(categoria),
// A named schema: the recursive tree becomes one OpenAPI component instead of a dangling $ref.
})).meta({ id: 'Categoria' });
export const categorieResponse = z.object({ categorie: z.array(categoria) });

export const marchio = z.object({
  brand_codice: z.string(),
  nome: z.string(),
  url: z.string(),
  cover_dir: z.string(),
  cover_file: z.string(),
});
export type Marchio = z.infer<typeof marchio>;
/** brand/list_new: brands keyed by brand_codice. */
export const brandListResponse = z.record(z.string(), marchio);
export const brandInfoQuery = z.object({ brand_id: codice });

export const volantino = z.object({
  id: z.number().int(),
  nome: z.string(),
  cover_dir: z.string(),
  cover_file: z.string(),
  numero_prodotti: z.number().int(),
});
export type Volantino = z.infer<typeof volantino>;
export const volantiniResponse = z.object({ volantini: z.array(volantino) });

const T = 'Catalogo';
const codiciCatalogo = { azienda: 'cod_azienda', cliente: 'cod_cliente' } as const;
const pagina = <I extends z.ZodType>(path: string, summary: string, input: I) => contract({
  path, methods: ['GET'], access: 'catalogo', tag: T, summary, input, response: paginaProdotti,
  scope: codiciCatalogo as Scope<z.output<I>>,
});

/** The catalogue calls: customers, and admins reading as any client. */
export const catalogoApi = {
  categorie: contract({
    path: 'categorie/list', methods: ['GET'], access: 'sessione', tag: T,
    summary: "Albero delle categorie attive (a un amministratore tutte, con il loro status)", response: categorieResponse,
  }),
  marchi: contract({
    path: 'brand/list_new', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Marchi, indicizzati per brand_codice', response: brandListResponse,
  }),
  marchio: contract({
    path: 'brand/info', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Dati di un marchio (logo: cover_dir, cover_file)', input: brandInfoQuery, response: marchio,
  }),
  volantini: contract({
    path: 'volantini/list', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Volantini in corso', response: volantiniResponse,
  }),
  categoria: pagina('prodotti/categoriawithcustominfo',
    'Prodotti di una categoria e delle sue sottocategorie, con i prezzi del cliente', categoriaQuery),
  volantino: pagina('prodotti/volantinowithcustominfo', 'Prodotti di un volantino', volantinoQuery),
  marchioProdotti: pagina('prodotti/brandwithcustominfo', 'Prodotti di un marchio', brandQuery),
  novita: pagina('prodotti/novita', 'Prodotti inseriti negli ultimi 30 giorni', novitaQuery),
  ricerca: pagina('search/prodotti',
    'Ricerca per parole (anche parziali o con refusi), codici articolo, codici fornitore ed EAN', searchQuery),
  ultimiOrdinati: contract({
    path: 'prodotti/ultimiordinati', methods: ['GET'], access: 'cliente', tag: T,
    summary: "Prodotti ordinati più di recente dall'utente per il cliente", input: ultimiOrdinatiQuery,
    response: listaProdotti, scope: { ...codiciCatalogo, utente: 'cod_utente' },
  }),
  casuali: contract({
    path: 'prodotti/random', methods: ['GET'], access: 'catalogo', tag: T,
    summary: 'Prodotti disponibili scelti a caso', input: randomQuery, response: listaProdotti, scope: codiciCatalogo,
  }),
  custom: pagina('prodotti/custom', "Prodotti con titolo o descrizione personalizzati, dall'ultima modifica", customQuery),
  dettaglio: contract({
    path: 'prodotti/details', methods: ['GET'], access: 'catalogo', tag: T,
    summary: 'Scheda di un prodotto', input: detailsQuery, response: dettaglioProdotto, scope: codiciCatalogo,
  }),
  perCodice: contract({
    path: 'search/prodottoByCodiceProdotto', methods: ['GET'], access: 'catalogo', tag: T,
    summary: 'Prodotto per codice esatto (senza codici cliente: il primo cliente dell’utente, della ditta indicata se data)',
    input: byCodiceQuery, response: prodottiByCodice, scope: codiciCatalogo,
  }),
  modificaProdotto: contract({
    path: 'prodotto/edit', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Titolo portale, descrizione aggiuntiva e pezzi per confezione di un prodotto (form-encoded o JSON)',
    input: prodottoEditRequest, response: esito,
  }),
  cambiaStatoCategoria: contract({
    path: 'categorie/toggle', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Attiva o disattiva una categoria (disattivata sparisce ai clienti con le sue sottocategorie); risponde il nuovo status',
    input: categoriaToggleRequest, response: categoriaToggleResponse,
  }),
};
