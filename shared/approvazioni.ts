import { z } from 'zod';
import { codice, idParam, paginaDi, paginazione, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import { MAX_APPROVAZIONI_PAGINA, MAX_MOTIVO_RIFIUTO, MSG_APPROVAZIONI } from './approvazioni-costanti.js';
import { MAX_QUANTITA_RIGA, MAX_RIGHE_ORDINE } from './ordini-costanti.js';
import { ordine, ordiniCreateRequest, ordiniCreateResponse, superamento } from './ordini.js';

/**
 * Orders held for approval (docs/regole/organizzazione.md#limits-and-approvals): what an approver
 * of the client (Titolare, Acquisti) lists, approves (lowering quantities or removing lines) or
 * rejects with a reason; a Consultazione sends the cart as a request.
 */

const scope = { utente_codice: codice, azienda_codice: codice, cliente_codice: codice };

/** One order waiting for approval, as the approvers' list shows it. */
export const approvazione = z.object({
  ordine_id: z.number().int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  nome: z.string(),
  riferimento_cantiere: z.string().nullable(),
  richiedente: z.object({ nome: z.string(), codice: z.string() }),
  /** Net, VAT excluded, as it was priced when placed. */
  totale: z.number(),
  righe_n: z.number().int(),
  superamento: z.array(superamento),
  /** When it expires unless decided (ISO 8601, UTC). */
  scade_at: z.string(),
});
export type Approvazione = z.infer<typeof approvazione>;

export const approvazioniElencoQuery = z.object({ ...scope, ...paginazione(MAX_APPROVAZIONI_PAGINA, 20) });
export const approvazioniElencoResponse = paginaDi('approvazioni', approvazione);

export const approvazioniConteggioQuery = z.object(scope);
export const approvazioniConteggioResponse = z.object({ totale: z.number().int() });

export const approvazioniOrdineQuery = z.object({ ...scope, ordine_id: idParam('Ordine') });
/** A waiting order read whole (the one read model, shared/ordini.ts), with its limits and expiry. */
export const approvazioniOrdineResponse = z.object({ ordine, approvazione });

const rigaApprovata = z.object({
  codice_prodotto: codice,
  qt: z.number({ error: 'Quantità non valida' }).int('Quantità non valida').min(1, 'Quantità non valida: togli la riga invece di metterla a zero')
    .max(MAX_QUANTITA_RIGA, 'Quantità non valida'),
});

export const approvazioniApprovaRequest = z.object({
  ...scope,
  ordine_id: idParam('Ordine'),
  /** The lines kept with their quantities (never higher than placed); left out: every line as placed. */
  righe: z.array(rigaApprovata).min(1, MSG_APPROVAZIONI.nuovi([])).max(MAX_RIGHE_ORDINE)
    .refine((rr) => new Set(rr.map((r) => r.codice_prodotto)).size === rr.length, 'Ogni prodotto una volta sola')
    .optional(),
});
export type ApprovazioniApprovaRequest = z.input<typeof approvazioniApprovaRequest>;

/** Why an approver rejects an order: required, bounded (the rejection dialog's form checks it too). */
export const motivoRifiuto = z.object({
  motivo: testoMultiriga(MSG_APPROVAZIONI.motivo).trim().min(1, MSG_APPROVAZIONI.motivo).max(MAX_MOTIVO_RIFIUTO, MSG_APPROVAZIONI.motivoLungo),
});

export const approvazioniRifiutaRequest = motivoRifiuto.extend({ ...scope, ordine_id: idParam('Ordine') });

export const approvazioniDecisioneResponse = z.object({
  ordine_id: z.number().int(),
  stato: z.enum(['approvato', 'rifiutato']),
  msg: z.string(),
});

const T = 'Approvazioni';
const SCOPE = { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' } as const;

export const approvazioniApi = {
  elenco: contract({
    path: 'approvazioni/elenco', methods: ['GET'], access: 'cliente', permesso: 'approvare', tag: T,
    summary: 'Gli ordini del cliente in attesa di approvazione fatti da altri, dal più recente',
    input: approvazioniElencoQuery, response: approvazioniElencoResponse, scope: SCOPE,
  }),
  conteggio: contract({
    path: 'approvazioni/conteggio', methods: ['GET'], access: 'cliente', permesso: 'approvare', tag: T,
    summary: "Quanti ordini del cliente aspettano l'approvazione del chiamante (il contatore dell'intestazione)",
    input: approvazioniConteggioQuery, response: approvazioniConteggioResponse, scope: SCOPE,
  }),
  ordine: contract({
    path: 'approvazioni/ordine', methods: ['GET'], access: 'cliente', permesso: 'approvare', tag: T,
    summary: "Un ordine in attesa di approvazione del cliente, con le sue righe",
    input: approvazioniOrdineQuery, response: approvazioniOrdineResponse, scope: SCOPE,
  }),
  approva: contract({
    path: 'approvazioni/approva', methods: ['POST'], access: 'cliente', permesso: 'approvare', tag: T,
    summary: "Approva un ordine in attesa (con quantità ridotte o righe tolte): passa i controlli dell'ordine e diventa confermato",
    input: approvazioniApprovaRequest, response: approvazioniDecisioneResponse, scope: SCOPE,
  }),
  rifiuta: contract({
    path: 'approvazioni/rifiuta', methods: ['POST'], access: 'cliente', permesso: 'approvare', tag: T,
    summary: 'Rifiuta un ordine in attesa, con il motivo',
    input: approvazioniRifiutaRequest, response: approvazioniDecisioneResponse, scope: SCOPE,
  }),
  richiedi: contract({
    path: 'approvazioni/richiedi', methods: ['POST'], access: 'cliente', tag: T,
    summary: "Invia il carrello in approvazione (per chi non può confermare ordini): un ordine in attesa di approvazione",
    input: ordiniCreateRequest, response: ordiniCreateResponse, scope: SCOPE,
  }),
};
