import { z } from 'zod';
import { esito, idParam, paginaDi, paginazione } from './common.js';
import { contract } from './contract.js';

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
  precedente: 'Precedente',
};

export const MSG_ERP = {
  reinviato: "Ordine rimesso in coda per l'invio all'ERP.",
  ordineSconosciuto: 'Ordine non trovato.',
} as const;

export const ordineErp = z.object({
  id: z.number().int(),
  created_at: z.string(),
  cliente_codice: z.string(),
  cliente_nome: z.string(),
  utente_nome: z.string(),
  totale: z.string(),
  erp_stato: z.enum(STATI_ERP),
  erp_tentativi: z.number().int(),
  erp_errore: z.string().nullable(),
  erp_inviato_at: z.string().nullable(),
});
export type OrdineErp = z.infer<typeof ordineErp>;

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
