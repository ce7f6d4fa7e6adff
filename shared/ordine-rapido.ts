import { z } from 'zod';
import { prodotto } from './catalogo.js';
import { codice, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import { numeroIt } from './formato.js';
import { MSG_ORDINE_RAPIDO, ORDINE_RAPIDO } from './ordine-rapido-costanti.js';

/** UTF-8 bytes of a text, the same in the browser and on the server (shared/ has no TextEncoder type). */
function byteDi(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const scope = { azienda_codice: codice, cliente_codice: codice };

export const ordineRapidoRisolviRequest = z.object({
  ...scope,
  testo: testoMultiriga('Testo mancante')
    .refine((s) => byteDi(s) <= ORDINE_RAPIDO.maxByte, MSG_ORDINE_RAPIDO.troppoLungo),
});
export type OrdineRapidoRisolviRequest = z.input<typeof ordineRapidoRisolviRequest>;

export const ESITI_RIGA = ['trovato', 'sconosciuto', 'ambiguo', 'oltre_disponibilita', 'quantita_non_valida'] as const;
export type EsitoRiga = (typeof ESITI_RIGA)[number];
/** Which of a product's codes the line's code matched. */
export const TROVATO_COME = ['cliente', 'codice', 'articolo', 'fornitore', 'ean', 'codice_cifre'] as const;

/** A product a line's code names, priced for the client. */
export const prodottoRisolto = z.object({
  codice_prodotto: z.string(),
  titolo: z.string(),
  um: z.string(),
  /** The client's net price per piece. */
  prezzo_reale: z.number(),
  /** The discount chain that made it ('' when none: shared/catalogo.ts). */
  sconti: z.string(),
  /** Pack (shared/confezioni.ts). */
  multiplo: z.number().int(),
  minimo: z.number().int(),
  disponibilita_colore: z.enum(['verde', 'giallo', 'rosso']),
  /** What can be promised: stock plus on order, never below 0. */
  promettibile: z.number().int(),
  trovato_come: z.enum(TROVATO_COME),
});
export type ProdottoRisolto = z.infer<typeof prodottoRisolto>;

/** One input line and what became of it; every non-blank line has one, in order. */
export const rigaRisolta = z.object({
  /** The line (or file row) number, from 1. */
  riga: z.number().int(),
  testo: z.string(),
  /** The code as read from the line. */
  codice: z.string(),
  /** The product found; null unless one was. */
  codice_prodotto: z.string().nullable(),
  /** The quantity read; null when it is not a whole number above zero. */
  quantita: z.number().nullable(),
  esito: z.enum(ESITI_RIGA),
  /** The Italian message of a line that cannot go to the cart as it is; for trovato '' or the note of its quantity rounded up to whole packs. */
  messaggio: z.string(),
  prodotto: prodottoRisolto.nullable(),
  /** Net price × quantity to the cent (shared/importi.ts), for a line that can go to the cart ('trovato'); null otherwise. */
  totale_riga: z.number().nullable(),
  /** ambiguo: the products to pick from. */
  candidati: z.array(prodottoRisolto),
});
export type RigaRisolta = z.infer<typeof rigaRisolta>;

export const ordineRapidoRisolviResponse = z.object({
  righe: z.array(rigaRisolta),
  /** A first line taken as a header (column names) and so not read as an order line; null if none. */
  intestazione: z.object({ riga: z.number().int(), testo: z.string() }).nullable(),
});
export type OrdineRapidoRisolviResponse = z.infer<typeof ordineRapidoRisolviResponse>;

/**
 * The products of the lines going to the cart, read once when they are added: the cart keeps whole
 * products (web/cart/cart.ts). Cheaper than carrying them in risolvi's answer: resolving (every
 * paste, every line fixed again, 5,000 lines at most) stays one light statement without each
 * line's descriptions, photos and codes, and the whole products are read once, for the ready
 * lines only, through the catalogue's reader and its cache of descriptions.
 */
export const ordineRapidoProdottiRequest = z.object({
  ...scope,
  codici: z.array(codice).min(1, 'Nessun prodotto da aggiungere.')
    .max(ORDINE_RAPIDO.maxRighe, `Al massimo ${numeroIt(ORDINE_RAPIDO.maxRighe, 0, 0, 'da5')} prodotti per volta.`),
});
export const ordineRapidoProdottiResponse = z.object({ prodotti: z.array(prodotto) });

const T = 'Ordine rapido';
const scopeCliente = { azienda: 'azienda_codice', cliente: 'cliente_codice' } as const;

/** The quick order (docs/regole/ordine-rapido.md): lines of code and quantity, resolved for the client. */
export const ordineRapidoApi = {
  risolvi: contract({
    path: 'ordine-rapido/risolvi', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Risolve righe «codice quantità» (testo incollato) nei prodotti del catalogo, per il cliente',
    input: ordineRapidoRisolviRequest, response: ordineRapidoRisolviResponse, scope: scopeCliente,
  }),
  risolviFile: contract({
    path: 'ordine-rapido/file', methods: ['POST'], access: 'cliente', tag: T,
    upload: { campi: ['file'], maxFile: 1, maxBytes: ORDINE_RAPIDO.maxFileBytes },
    summary: 'Come ordine-rapido/risolvi, da un file CSV o XLSX (multipart: file, azienda_codice, cliente_codice)',
    input: z.object(scope), response: ordineRapidoRisolviResponse, scope: scopeCliente,
  }),
  prodotti: contract({
    path: 'ordine-rapido/prodotti', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'I prodotti indicati (codice prodotto), con i prezzi del cliente, per metterli nel carrello; gli sconosciuti sono omessi',
    input: ordineRapidoProdottiRequest, response: ordineRapidoProdottiResponse, scope: scopeCliente,
  }),
};
