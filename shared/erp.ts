import { z } from 'zod';
import { esito, idParam, paginaDi, paginazione } from './common.js';
import { contract } from './contract.js';
import { ordine } from './ordini.js';

/**
 * How an order's hand-over to the ERP stands (server/erp/esporta-ordine.ts). 'non_configurato':
 * no ERP was set up when its job ran; 'precedente': placed before the exchange existed.
 */
export const STATI_ERP = ['in_attesa', 'inviato', 'errore', 'non_configurato', 'precedente'] as const;
export type StatoErp = (typeof STATI_ERP)[number];

export const ETICHETTE_STATO_ERP: Record<StatoErp, string> = {
  in_attesa: 'In attesa',
  inviato: 'Inviato',
  errore: 'Errore',
  non_configurato: 'ERP non configurato',
  precedente: 'Prima del collegamento ERP',
};

export const MSG_ERP = {
  reinviato: "Ordine rimesso in coda per l'invio all'ERP.",
  ordineSconosciuto: 'Ordine non trovato.',
} as const;

/** A row of the admin's list 'Ordini ERP': the order's fields picked from its read model (shared/ordini.ts), with its hand-over. */
export const ordineErp = ordine.pick({ id: true, created_at: true, cliente_codice: true, cliente_nome: true, utente_nome: true }).extend({
  totale: z.string(),
  erp_stato: z.enum(STATI_ERP),
  erp_tentativi: z.number().int(),
  erp_errore: z.string().nullable(),
  erp_inviato_at: z.string().nullable(),
});
export type OrdineErp = z.infer<typeof ordineErp>;

/** A line as the ERP receives it (docs/erp.md): amounts as decimal text with a point and 3 decimals. */
export const rigaInviataErp = z.object({
  riga: z.number().int(),
  codice_prodotto: z.string(),
  descrizione: z.string(),
  quantita: z.number().int(),
  qt_in_consegna: z.number().int(),
  qt_in_arrivo: z.number().int(),
  prezzo_unitario: z.string(),
  importo: z.string(),
});

/**
 * An order as the ERP receives it (docs/erp.md), the same in the webhook's body and the JSON file:
 * its key, date and total as text, and every field of the order's read model (shared/ordini.ts)
 * but those the ERP gets under another name (id, created_at, totale, prodotti as righe) or that
 * are the portal's own view (the state, the client and user as they are now, the VAT summary and
 * the document's totals). A new field of an order reaches the ERP with no change here.
 */
export const ordineInviatoErp = z.object({
  chiave_idempotenza: z.string(),
  ordine_id: z.number().int(),
  /** ISO 8601, UTC, to the second. */
  data: z.string(),
  ...ordine.omit({
    id: true, created_at: true, totale: true, prodotti: true, response_code: true, response_status: true, cliente: true,
    ordinato_da: true, riepilogo_iva: true, totale_imponibile: true, totale_iva: true, totale_documento: true,
    // The approval's fields of the read model stay out until docs/erp.md names them (issue 36's approvals).
    approvazione: true, approvazione_superamento: true, approvazione_scade_at: true, approvatore_nome: true,
    approvazione_decisa_at: true, approvazione_motivo: true,
  }).shape,
  totale: z.string(),
  /**
   * An order that waited for approval over its user's limits: who approved it and when (ISO 8601,
   * UTC, to the second); null for an order confirmed when placed. Who placed it: utente_codice, utente_nome.
   */
  approvato_da: z.object({ nome: z.string(), data: z.string() }).nullable(),
  righe: z.array(rigaInviataErp),
});
export type OrdineInviatoErp = z.infer<typeof ordineInviatoErp>;

export const ordiniErpQuery = z.object({
  /** Left out: every order. 'da_inviare': waiting or failed, the ones that need an eye. */
  stato: z.enum([...STATI_ERP, 'da_inviare'], { error: `stato non valido: usare ${[...STATI_ERP, 'da_inviare'].join(', ')}` }).optional(),
  ...paginazione(),
});

const T = 'ERP';

/** The orders' hand-over to the ERP, for the admin (issue: orders out). */
export const erpApi = {
  ordini: contract({
    path: 'erp/ordini', methods: ['GET'], access: 'admin', tag: T,
    summary: "Gli ordini con lo stato dell'invio all'ERP, dal più recente; filtrabili per stato",
    input: ordiniErpQuery, response: paginaDi('ordini', ordineErp),
  }),
  reinvia: contract({
    path: 'erp/ordini/reinvia', methods: ['POST'], access: 'admin', tag: T,
    summary: "Rimette in coda l'invio di un ordine all'ERP (l'ERP scarta i doppioni con la chiave di idempotenza)",
    input: z.object({ ordine_id: idParam('ordine_id') }), response: esito,
  }),
};
