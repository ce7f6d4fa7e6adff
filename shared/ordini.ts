import { z } from 'zod';
import { codice, idParam, paginaDi, paginazione, testo, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import { STATI_APPROVAZIONE } from './organizzazione-costanti.js';
import { LIMITI_FILTRI_ORDINI, LIMITI_ORDINE, MAX_RIGHE_ORDINE, STATI_ORDINE } from './ordini-costanti.js';

/** A quantity as sent; the service says in Italian what is wrong with it (status 1), not a 400. */
const quantitaGrezza = z.union([z.number(), testo().max(20)]);

export const ordiniCheckRequest = z.object({
  prodotti: z.array(z.object({ codice_prodotto: codice, quantita: quantitaGrezza }))
    .max(MAX_RIGHE_ORDINE, `Al massimo ${MAX_RIGHE_ORDINE} righe`),
});
export const disponibilitaRiga = z.object({
  codice_prodotto: z.string(),
  disponibile: z.boolean(),
  disponibilita: z.number().int(),
  /** The quantity in whole packs (shared/confezioni.ts) the order would carry; null when the quantity sent is not valid. */
  quantita: z.number().int().nullable(),
  /** Why `quantita` differs from the quantity sent ('' when it does not). */
  messaggio: z.string(),
});
export type DisponibilitaRiga = z.infer<typeof disponibilitaRiga>;
export const ordiniCheckResponse = z.array(disponibilitaRiga);

/** A cart line: the product's fields flattened plus quantita; only code and quantity are used. */
export const rigaCarrello = z.object({ codice_prodotto: codice, quantita: quantitaGrezza }).passthrough();

/** Why a job-site reference is refused, at its field (ordini/create's `campi`, the checkout's box). */
export const MSG_RIFERIMENTO_CANTIERE = {
  tipo: 'Riferimento cantiere: deve essere un testo',
  lungo: `Riferimento cantiere troppo lungo (massimo ${LIMITI_ORDINE.riferimento_cantiere} caratteri)`,
} as const;

export const ordiniCreateRequest = z.object({
  azienda_codice: codice,
  cliente_codice: codice,
  utente_codice: codice,
  cliente_nome: testo().max(200).optional(),
  azienda_nome: testo().max(200).optional(),
  utente_nome: testo().max(200).optional(),
  nome: testo().max(LIMITI_ORDINE.nome, `Nome ordine troppo lungo (massimo ${LIMITI_ORDINE.nome} caratteri)`).optional().default(''),
  note: testoMultiriga().max(LIMITI_ORDINE.note, `Note troppo lunghe (massimo ${LIMITI_ORDINE.note} caratteri)`).optional().default(''),
  /** The customer's job-site reference: optional, trimmed, '' is none (null). */
  riferimento_cantiere: testo(MSG_RIFERIMENTO_CANTIERE.tipo).trim()
    .max(LIMITI_ORDINE.riferimento_cantiere, MSG_RIFERIMENTO_CANTIERE.lungo)
    .nullish().transform((v) => v || null),
  carrelloItems: z.array(rigaCarrello).max(MAX_RIGHE_ORDINE, `Al massimo ${MAX_RIGHE_ORDINE} righe per ordine`).default([]),
  /** Also accepted as the Idempotency-Key header. */
  idempotency_key: testo().min(8).max(100).optional(),
});
export type OrdiniCreateRequest = z.input<typeof ordiniCreateRequest>;

/**
 * A limit an order passed (ordini.approvazione_superamento, docs/regole/organizzazione.md#limits-and-approvals):
 * the limit and by how much, net, VAT excluded; 'ruolo': a Consultazione's cart sent as a request.
 */
export const superamento = z.object({
  limite: z.enum(['ordine', 'budget', 'ruolo']),
  valore: z.number().nullable().optional(),
  /** null in the answers to a person who may not see net prices. */
  superato_di: z.number().nullable().optional(),
});
export type Superamento = z.infer<typeof superamento>;

export const ordiniCreateResponse = z.object({
  status: z.number().int(),
  msg: z.string(),
  ordine_id: z.number().int().optional(),
  /** An accepted order: the address its confirmation mail goes to (the user's username), absent when that is no address. */
  conferma_a: z.string().optional(),
  /** An order made: confirmed, or held for approval over a limit of its user (then `superamento` says which). */
  stato: z.enum(['confermato', 'in_approvazione']).optional(),
  superamento: z.array(superamento).optional(),
});
export type OrdiniCreateResponse = z.infer<typeof ordiniCreateResponse>;

export const ordiniReadQuery = z.object({ utente_codice: codice, azienda_codice: codice, cliente_codice: codice });
/**
 * An order line as it was ordered (ordini_righe: code, name, quantities, list and net price, the
 * discount chain), with its amount (qt × net price, 3 decimals) and its product's VAT rate and packs
 * as they are now (ALIQUOTA_IVA_ORDINARIA and no pack for a product gone).
 */
export const rigaOrdine = z.object({
  codice_prodotto: z.string(),
  prodotto_nome: z.string(),
  qt: z.number().int(),
  /** Of qt: shipped from stock ('in consegna') and backordered from the supplier ('in arrivo dal fornitore'). */
  qt_in_consegna: z.number().int(),
  qt_in_arrivo: z.number().int(),
  prezzo: z.number(),
  prezzo_reale: z.number(),
  /** The discount chain applied at order time ('' when none). */
  sconti: z.string(),
  importo: z.number(),
  /** In percent (shared/iva.ts). */
  aliquota_iva: z.number(),
  /** The product's pack (shared/confezioni.ts). */
  multiplo: z.number().int(),
  minimo: z.number().int(),
});
export type RigaOrdine = z.infer<typeof rigaOrdine>;


/**
 * The one read model of an order (docs/decisions/ordine-un-modello.md): what the SQL function
 * ordini_letti (server/ordini/sql/ordini_letti.sql) answers per order, parsed by every reader of an order
 * (the history and its export, the PDF, the confirmation mail, the ERP's webhook and files). A new
 * field of an order is a column, a key of that function and a field here; the narrower shapes are
 * picked from this one (crea_ordine's argument, the ERP's payload and list).
 * The codes and names are those of when it was placed; `cliente` is the client as it is now and
 * `ordinato_da` the user who placed it (username null once that user is deleted). Amounts as
 * ordered, 3 decimals; the VAT summary and the document's totals as an Italian invoice rounds
 * them: each line to the cent, a rate's VAT once (docs/regole/ordini.md#order-pdf).
 */
export const ordine = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  nome: z.string(),
  note: z.string(),
  /** The customer's job-site reference, null when none was given. */
  riferimento_cantiere: z.string().nullable(),
  response_code: z.string(),
  response_status: z.string(),
  totale: z.number(),
  azienda_codice: z.string(),
  azienda_nome: z.string(),
  cliente_codice: z.string(),
  cliente_nome: z.string(),
  utente_codice: z.string(),
  utente_nome: z.string(),
  cliente: z.object({ ragione_sociale: z.string(), partita_iva: z.string(), email: z.string(), telefono: z.string() }),
  ordinato_da: z.object({ nome: z.string(), username: z.string().nullable() }),
  /**
   * The sales agent who placed it in the client's name (their name as it was, docs/regole/agenti.md);
   * null for an order of the client's own people. `ordinato_da` is then the agent.
   */
  inserito_da_agente: z.string().nullable(),
  prodotti: z.array(rigaOrdine),
  riepilogo_iva: z.array(z.object({ aliquota: z.number(), imponibile: z.number(), imposta: z.number() })),
  totale_imponibile: z.number(),
  totale_iva: z.number(),
  totale_documento: z.number(),
  /**
   * Held for approval over a limit and its decision (docs/regole/organizzazione.md#approvals):
   * null for an order never held. `superato_di` is null for a person who may not see net prices.
   */
  approvazione: z.enum(STATI_APPROVAZIONE).nullable(),
  approvazione_superamento: z.array(superamento).nullable(),
  /** ISO 8601, UTC: when a waiting order expires. */
  approvazione_scade_at: z.string().nullable(),
  approvatore_nome: z.string().nullable(),
  /** ISO 8601, UTC. */
  approvazione_decisa_at: z.string().nullable(),
  /** A rejection's reason. */
  approvazione_motivo: z.string().nullable(),
});
export type Ordine = z.infer<typeof ordine>;
export const ordiniReadResponse = z.object({ ordini: z.array(ordine) });

export const statsClienteQuery = z.object({ azienda_codice: codice, cliente_codice: codice });
export const statsClienteResponse = z.object({
  totale_mensile: z.array(z.object({ anno: z.number().int(), mese: z.number().int(), importo_totale: z.number() })),
});

/** A day as YYYY-MM-DD, a real one (2024-02-30 is refused). */
const giorno = (campo: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${campo}: usa il formato AAAA-MM-GG`)
  .refine((v) => {
    // Also runs after a failed format check: a string that is no date at all must not throw.
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, `${campo}: data inesistente`);

/**
 * The history's filters (docs/regole/ordini.md#order-history), the same for a page and an export:
 * days of Europe/Rome from `dal` to `al` included, a part of the order's name, a product code the
 * order contains, its state.
 */
const filtriOrdini = {
  dal: giorno('Data iniziale').optional(),
  al: giorno('Data finale').optional(),
  nome: testo().trim().max(LIMITI_FILTRI_ORDINI.nome, `Nome troppo lungo (massimo ${LIMITI_FILTRI_ORDINI.nome} caratteri)`).optional(),
  codice_prodotto: testo().trim().max(LIMITI_FILTRI_ORDINI.codice_prodotto, 'Codice prodotto troppo lungo').optional(),
  stato: z.enum(STATI_ORDINE, `Stato non valido: ${STATI_ORDINE.join(', ')}`).optional(),
};
const dalPrimaDiAl = (f: { dal?: string | undefined; al?: string | undefined }) => !f.dal || !f.al || f.dal <= f.al;
const MSG_DAL_AL = { message: 'La data iniziale è successiva alla data finale', path: ['al'] };

export const ordiniElencoQuery = ordiniReadQuery.extend({ ...filtriOrdini, ...paginazione() }).refine(dalPrimaDiAl, MSG_DAL_AL);
export type OrdiniElencoQuery = z.output<typeof ordiniElencoQuery>;
export const ordiniElencoResponse = paginaDi('ordini', ordine);

/** Most orders and lines one export may hold; beyond, the customer narrows the filters. */
export const MAX_ORDINI_ESPORTAZIONE = 5_000;
export const MAX_RIGHE_ESPORTAZIONE = 50_000;
export const FORMATI_ESPORTAZIONE = ['csv', 'xlsx'] as const;
export const ordiniEsportaQuery = ordiniReadQuery.extend({
  ...filtriOrdini,
  formato: z.enum(FORMATI_ESPORTAZIONE, 'Formato non valido: csv o xlsx').default('csv'),
}).refine(dalPrimaDiAl, MSG_DAL_AL);
export type OrdiniEsportaQuery = z.output<typeof ordiniEsportaQuery>;
/** The file itself (CSV or XLSX), not JSON. */
export const ordiniEsportaResponse = z.string().meta({ description: 'Il file CSV (text/csv) o XLSX degli ordini filtrati, una riga per riga d\'ordine' });

export const ordiniAnteprimaRiordinoQuery = ordiniReadQuery.extend({ ordine_id: idParam('Ordine') });
/** Availability colour of a product (docs/regole/catalogo.md#availability-colour). */
export const coloreDisponibilita = z.enum(['verde', 'giallo', 'rosso']);
/**
 * A line of an old order against today (docs/regole/ordini.md#reorder): the net price it was
 * ordered at and today's (null when withdrawn), what can be promised now and its colour.
 */
export const rigaAnteprimaRiordino = z.object({
  codice_prodotto: z.string(),
  prodotto_nome: z.string(),
  qt: z.number().int(),
  prezzo_ordine: z.number(),
  prezzo_attuale: z.number().nullable(),
  /** No longer sold (or no longer in the catalogue): it cannot be reordered. */
  ritirato: z.boolean(),
  prezzo_cambiato: z.boolean(),
  /** What can be promised today (docs/regole/catalogo.md#promisable-stock); 0 when withdrawn. */
  disponibilita: z.number().int(),
  disponibilita_colore: coloreDisponibilita,
  /** The quantity ordered can be promised today. */
  disponibile: z.boolean(),
});
export type RigaAnteprimaRiordino = z.infer<typeof rigaAnteprimaRiordino>;
export const ordiniAnteprimaRiordinoResponse = z.object({ ordine_id: z.number().int(), righe: z.array(rigaAnteprimaRiordino) });

/** One of the user's orders for the client, by id (ordini/dettaglio, ordini/pdf). */
export const unOrdineQuery = ordiniReadQuery.extend({ id: idParam('Ordine') });
/** ordini/dettaglio: the order read whole, as the history lists it. */
export const ordiniDettaglioResponse = z.object({ ordine });
/** The file itself (application/pdf), not JSON. */
export const ordiniPdfResponse = z.string().meta({ description: "La conferma d'ordine in PDF (application/pdf): righe, totali, riepilogo IVA" });

/** The order calls. */
/** The order calls' scope: the company, client and user codes of the body or query. */
const SCOPE_UTENTE = { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' } as const;

export const ordiniApi = {
  verifica: contract({
    path: 'ordini/check', methods: ['POST'], access: 'utente', tag: 'Ordini',
    summary: 'Disponibilità attuale delle righe del carrello', input: ordiniCheckRequest, response: ordiniCheckResponse,
  }),
  crea: contract({
    path: 'ordini/create', methods: ['POST'], access: 'cliente', permesso: 'ordinare', tag: 'Ordini',
    summary: "Conferma un ordine (idempotente sull'header Idempotency-Key)",
    input: ordiniCreateRequest, response: ordiniCreateResponse,
    scope: SCOPE_UTENTE,
  }),
  leggi: contract({
    path: 'ordini/read', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: "Ordini dell'utente per il cliente, dal più recente", input: ordiniReadQuery, response: ordiniReadResponse,
    scope: SCOPE_UTENTE,
  }),
  elenca: contract({
    path: 'ordini/elenco', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: "Una pagina degli ordini dell'utente per il cliente, dal più recente, con i filtri (date, nome, codice prodotto, stato)",
    input: ordiniElencoQuery, response: ordiniElencoResponse,
    scope: SCOPE_UTENTE,
  }),
  esporta: contract({
    path: 'ordini/esporta', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: `Gli ordini filtrati come file CSV o XLSX (al massimo ${MAX_ORDINI_ESPORTAZIONE} ordini e ${MAX_RIGHE_ESPORTAZIONE} righe)`,
    input: ordiniEsportaQuery, response: ordiniEsportaResponse,
    scope: SCOPE_UTENTE,
  }),
  anteprimaRiordino: contract({
    path: 'ordini/anteprimaRiordino', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: "Le righe di un proprio ordine confrontate con oggi: prezzo netto cambiato, non disponibili, ritirate",
    input: ordiniAnteprimaRiordinoQuery, response: ordiniAnteprimaRiordinoResponse,
    scope: SCOPE_UTENTE,
  }),
  dettaglio: contract({
    path: 'ordini/dettaglio', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: "Un proprio ordine per il cliente, letto intero come nell'elenco: l'indirizzo del dettaglio si può ricaricare e condividere",
    input: unOrdineQuery, response: ordiniDettaglioResponse,
    scope: SCOPE_UTENTE,
  }),
  pdf: contract({
    path: 'ordini/pdf', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: "La conferma d'ordine in PDF di un proprio ordine: righe con listino, sconti e netto, totali e riepilogo IVA",
    input: unOrdineQuery, response: ordiniPdfResponse,
    scope: SCOPE_UTENTE,
  }),
  fatturatoMensile: contract({
    path: 'ordini/statsByAziendaAndCliente', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: 'Fatturato mensile del cliente', input: statsClienteQuery, response: statsClienteResponse,
    scope: { azienda: 'azienda_codice', cliente: 'cliente_codice' },
  }),
};
