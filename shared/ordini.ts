import { z } from 'zod';
import { codice, testo, testoMultiriga } from './common.js';
import { contract } from './contract.js';

/** Most lines one order may carry. */
export const MAX_RIGHE_ORDINE = 500;
export const RESPONSE_CODE_OK = '201';

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
});
export type DisponibilitaRiga = z.infer<typeof disponibilitaRiga>;
export const ordiniCheckResponse = z.array(disponibilitaRiga);

/** A cart line: the product's fields flattened plus quantita; only code and quantity are used. */
export const rigaCarrello = z.object({ codice_prodotto: codice, quantita: quantitaGrezza }).passthrough();

export const ordiniCreateRequest = z.object({
  azienda_codice: codice,
  cliente_codice: codice,
  utente_codice: codice,
  cliente_nome: testo().max(200).optional(),
  azienda_nome: testo().max(200).optional(),
  utente_nome: testo().max(200).optional(),
  nome: testo().max(200, 'Nome ordine troppo lungo (massimo 200 caratteri)').optional().default(''),
  note: testoMultiriga().max(4000, 'Note troppo lunghe (massimo 4000 caratteri)').optional().default(''),
  carrelloItems: z.array(rigaCarrello).max(MAX_RIGHE_ORDINE, `Al massimo ${MAX_RIGHE_ORDINE} righe per ordine`).default([]),
  /** Also accepted as the Idempotency-Key header. */
  idempotency_key: testo().min(8).max(100).optional(),
});
export type OrdiniCreateRequest = z.input<typeof ordiniCreateRequest>;
export const ordiniCreateResponse = z.object({ status: z.number().int(), msg: z.string(), ordine_id: z.number().int().optional() });

export const ordiniReadQuery = z.object({ utente_codice: codice, azienda_codice: codice, cliente_codice: codice });
export const rigaOrdine = z.object({
  codice_prodotto: z.string(),
  prodotto_nome: z.string(),
  qt: z.number().int(),
  /** Of qt: shipped from stock ('in consegna') and backordered from the supplier ('in arrivo dal fornitore'). */
  qt_in_consegna: z.number().int(),
  qt_in_arrivo: z.number().int(),
  prezzo: z.number(),
  prezzo_reale: z.number(),
});
export const ordine = z.object({
  id: z.number().int(),
  created_at: z.string(),
  nome: z.string(),
  note: z.string(),
  response_code: z.string(),
  response_status: z.string(),
  totale: z.number(),
  prodotti: z.array(rigaOrdine),
});
export type Ordine = z.infer<typeof ordine>;
export const ordiniReadResponse = z.object({ ordini: z.array(ordine) });

export const statsClienteQuery = z.object({ azienda_codice: codice, cliente_codice: codice });
export const statsClienteResponse = z.object({
  totale_mensile: z.array(z.object({ anno: z.number().int(), mese: z.number().int(), importo_totale: z.number() })),
});

/** The order calls. */
export const ordiniApi = {
  verifica: contract({
    path: 'ordini/check', methods: ['POST'], access: 'utente', tag: 'Ordini',
    summary: 'Disponibilità attuale delle righe del carrello', input: ordiniCheckRequest, response: ordiniCheckResponse,
  }),
  crea: contract({
    path: 'ordini/create', methods: ['POST'], access: 'cliente', tag: 'Ordini',
    summary: "Conferma un ordine (idempotente sull'header Idempotency-Key)",
    input: ordiniCreateRequest, response: ordiniCreateResponse,
    scope: { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' },
  }),
  leggi: contract({
    path: 'ordini/read', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: "Ordini dell'utente per il cliente, dal più recente", input: ordiniReadQuery, response: ordiniReadResponse,
    scope: { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' },
  }),
  fatturatoMensile: contract({
    path: 'ordini/statsByAziendaAndCliente', methods: ['GET'], access: 'cliente', tag: 'Ordini',
    summary: 'Fatturato mensile del cliente', input: statsClienteQuery, response: statsClienteResponse,
    scope: { azienda: 'azienda_codice', cliente: 'cliente_codice' },
  }),
};
