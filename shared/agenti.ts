import { z } from 'zod';
import { MSG_AGENTI, STATI_PROVVIGIONE } from './agenti-costanti.js';
import { LIMITI_CARRELLO, MSG_CARRELLO } from './carrello-costanti.js';
import { codice } from './common.js';
import { contract } from './contract.js';

/**
 * Sales agents (docs/regole/agenti.md): an agent's portfolio of clients with their figures, one
 * client's page, and acting for a client (agente/entra, agente/esci): the session then works in
 * that client's scope, and what it orders records the agent (ordini.inserito_da_agente).
 */

/** One client of the portfolio with its figures (amounts in euro, net, VAT excluded). */
export const clienteAgente = z.object({
  azienda_codice: z.string(),
  cliente_codice: z.string(),
  ragione_sociale: z.string(),
  /** The town of the client's first branch ('' when none). */
  citta: z.string(),
  /** Confirmed orders of the portal this calendar year, and last year up to the same day. */
  fatturato_anno: z.number(),
  fatturato_anno_prec: z.number(),
  /** The last confirmed order (ISO 8601, UTC); null: none. */
  ultimo_ordine: z.string().nullable(),
  /**
   * The credit line, its exposure and what is overdue or unpaid (docs/regole/contabilita.md); all
   * null for a client of which the ERP sent no credit figures.
   */
  fido: z.number().nullable(),
  esposizione: z.number().nullable(),
  scaduto: z.number().nullable(),
  /** Orders of the client waiting for its approvers. */
  approvazioni_in_attesa: z.number().int(),
});
export type ClienteAgente = z.infer<typeof clienteAgente>;

/** An agent's commissions by state (euro), as the ERP sent them (docs/regole/agenti.md#commissions). */
export const totaliProvvigioni = z.object({ da_maturare: z.number(), maturata: z.number(), liquidata: z.number() });

export const clientiAgenteResponse = z.object({
  clienti: z.array(clienteAgente),
  /** The agent's commissions over every client; null: the ERP sent the agent none (no section). */
  provvigioni: totaliProvvigioni.nullable(),
});
export type ClientiAgenteResponse = z.infer<typeof clientiAgenteResponse>;

export const scopeClienteAgente = z.object({ azienda_codice: codice, cliente_codice: codice });

export const ordineRecente = z.object({
  id: z.number().int(),
  created_at: z.string(),
  nome: z.string(),
  totale: z.number(),
  response_status: z.string(),
  righe_n: z.number().int(),
  /** The agent who placed it (their name), null: the client's own people. */
  inserito_da_agente: z.string().nullable(),
});

/** A product the client orders most, with the quantity it usually takes (its most frequent one). */
export const prodottoAbituale = z.object({
  codice_prodotto: z.string(),
  prodotto_nome: z.string(),
  ordini_n: z.number().int(),
  qt_abituale: z.number().int(),
  /** Still in the catalogue: it can be put in the cart. */
  disponibile_a_catalogo: z.boolean(),
});

export const documentoRecente = z.object({
  id: z.number().int(),
  tipo: z.string(),
  numero: z.string(),
  data: z.string(),
  totale: z.number(),
});

/** One commission of the agent on a document of the client. */
export const provvigione = z.object({
  documento_tipo: z.string(),
  documento_numero: z.string(),
  documento_data: z.string(),
  importo: z.number(),
  stato: z.enum(STATI_PROVVIGIONE),
});

export const clienteAgenteResponse = z.object({
  cliente: clienteAgente.extend({ email: z.string(), telefono: z.string(), partita_iva: z.string() }),
  ultimi_ordini: z.array(ordineRecente),
  prodotti_abituali: z.array(prodottoAbituale),
  documenti: z.array(documentoRecente),
  /**
   * The agent's commissions on this client: the newest documents (at most MAX_PROVVIGIONI_CLIENTE)
   * and the totals of them all; null: none (no section).
   */
  provvigioni: z.object({ totali: totaliProvvigioni, righe: z.array(provvigione), righe_n: z.number().int() }).nullable(),
});
export type ClienteAgenteResponse = z.infer<typeof clienteAgenteResponse>;

export const entraResponse = z.object({
  status: z.number().int(),
  msg: z.string(),
  azienda_codice: z.string(),
  cliente_codice: z.string(),
  ragione_sociale: z.string(),
});

/**
 * One tap on a client's usual product (docs/regole/agenti.md#one-tap): the agent's session enters the
 * client if it is not there, and `quantita` of the product is added to the client's cart once per
 * `chiave` (made by the tap: a retry of the same tap adds nothing more).
 */
export const aggiungiRequest = scopeClienteAgente.extend({
  codice_prodotto: codice,
  quantita: z.number({ error: MSG_CARRELLO.quantita }).int(MSG_CARRELLO.quantita)
    .min(1, MSG_CARRELLO.quantita).max(LIMITI_CARRELLO.quantita, MSG_CARRELLO.quantita),
  chiave: z.uuid(MSG_AGENTI.chiaveNonValida),
});

export const aggiungiResponse = entraResponse.extend({
  codice_prodotto: z.string(),
  /** The product's quantity in the cart now. */
  quantita: z.number().int(),
  /** False: this tap's key was already used, nothing was added. */
  aggiunto: z.boolean(),
});

const T = 'Agenti';

export const agentiApi = {
  clienti: contract({
    path: 'agente/clienti', methods: ['GET'], access: 'utente', tag: T,
    summary: "Il portafoglio dell'agente: ogni cliente con fatturato dell'anno e dello stesso periodo dell'anno prima, ultimo ordine, fido, esposizione e scaduto",
    response: clientiAgenteResponse,
  }),
  cliente: contract({
    path: 'agente/cliente', methods: ['GET'], access: 'utente', tag: T,
    summary: "Un cliente del portafoglio: i dati, gli ultimi ordini, i prodotti più ordinati con la quantità abituale, i documenti",
    input: scopeClienteAgente, response: clienteAgenteResponse,
  }),
  entra: contract({
    path: 'agente/entra', methods: ['POST'], access: 'utente', tag: T,
    summary: "Entra come cliente: la sessione dell'agente lavora per quel cliente del portafoglio",
    input: scopeClienteAgente, response: entraResponse,
  }),
  aggiungi: contract({
    path: 'agente/aggiungi', methods: ['POST'], access: 'utente', tag: T,
    summary: "Un tocco su un prodotto abituale: entra nel cliente se serve e ne aggiunge la quantità abituale al carrello, una volta per chiave",
    input: aggiungiRequest, response: aggiungiResponse,
  }),
  esci: contract({
    path: 'agente/esci', methods: ['POST'], access: 'utente', tag: T,
    summary: 'Esce dal cliente e torna al portafoglio',
    response: z.object({ status: z.number().int(), msg: z.string() }),
  }),
};
