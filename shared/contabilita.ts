import { z } from 'zod';
import { codice, idParam } from './common.js';
import { contract } from './contract.js';
import { formatImporto } from './formato.js';

/** States of a due date as the ERP sends them (import kind `scadenze`). */
export const STATI_SCADENZA = ['aperta', 'pagata', 'insoluta'] as const;
export type StatoScadenza = (typeof STATI_SCADENZA)[number];

/** FatturaPA's ModalitaPagamento codes (tracciato 1.2), with their Italian names. */
export const MODALITA_PAGAMENTO: Record<string, string> = {
  MP01: 'Contanti', MP02: 'Assegno', MP03: 'Assegno circolare', MP04: 'Contanti presso Tesoreria',
  MP05: 'Bonifico', MP06: 'Vaglia cambiario', MP07: 'Bollettino bancario', MP08: 'Carta di pagamento',
  MP09: 'RID', MP10: 'RID utenze', MP11: 'RID veloce', MP12: 'RiBa', MP13: 'MAV',
  MP14: 'Quietanza erario', MP15: 'Giroconto su conti di contabilità speciale', MP16: 'Domiciliazione bancaria',
  MP17: 'Domiciliazione postale', MP18: 'Bollettino di c/c postale', MP19: 'SEPA Direct Debit',
  MP20: 'SEPA Direct Debit CORE', MP21: 'SEPA Direct Debit B2B', MP22: 'Trattenuta su somme già riscosse',
  MP23: 'PagoPA',
};
/** RiBa: the wholesaler presents it to the bank before it is due, the risk stays until then. */
export const MODALITA_RIBA = 'MP12';

/** Euro in the server's messages as the SPA writes them (web/lib/formato.ts formatImporto): 1.234,50 €, grouped from four digits. */
export const euro = (n: number): string => formatImporto(n);

export const scadenza = z.object({
  documento: z.string(),
  data_scadenza: z.string(),
  importo: z.number(),
  modalita: z.string(),
  /** The code's Italian name ('RiBa', 'Bonifico'…). */
  modalita_descrizione: z.string(),
  stato: z.enum(STATI_SCADENZA),
  /** Open and past its due date. */
  scaduta: z.boolean(),
  /** Counted in the exposure (docs/regole/contabilita.md#exposure). */
  in_esposizione: z.boolean(),
});
export type Scadenza = z.infer<typeof scadenza>;

/** A client's credit figures (docs/regole/contabilita.md#exposure); amounts in euro. */
export const situazioneContabile = z.object({
  /** null: no credit line granted. */
  fido: z.number().nullable(),
  esposizione: z.number(),
  /** fido − esposizione; null without a credit line. */
  disponibile: z.number().nullable(),
  blocca_oltre_fido: z.boolean(),
  /** The parts of the exposure. */
  dettaglio: z.object({
    aperte: z.number(),
    insolute: z.number(),
    riba_non_scadute: z.number(),
    ordini_non_fatturati: z.number(),
    /** How many confirmed orders that last figure sums. */
    ordini_non_fatturati_n: z.number().int(),
  }),
  /** When the ERP last sent the client's schedule (ISO), null: never. */
  aggiornata_al: z.string().nullable(),
  /** Open and unpaid items, then the paid ones of the last twelve months, by due date; at most MAX_SCADENZE. */
  scadenze: z.array(scadenza),
});
export type SituazioneContabile = z.infer<typeof situazioneContabile>;

/** Most items one answer lists. */
export const MAX_SCADENZE = 500;

export const contabilitaSituazioneQuery = z.object({ azienda_codice: codice, cliente_codice: codice });
export const contabilitaClienteQuery = z.object({ cliente_id: idParam('cliente_id') });
export const contabilitaBloccoRequest = z.object({
  cliente_id: idParam('cliente_id'),
  blocca_oltre_fido: z.boolean({ error: 'blocca_oltre_fido deve essere vero o falso' }),
});

const T = 'Contabilità';

/** The credit line and payment schedule (docs/regole/contabilita.md). */
export const contabilitaApi = {
  situazione: contract({
    path: 'contabilita/situazione', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T,
    summary: 'Fido, esposizione, disponibile e scadenzario del cliente',
    input: contabilitaSituazioneQuery, response: situazioneContabile,
    scope: { azienda: 'azienda_codice', cliente: 'cliente_codice' },
  }),
  cliente: contract({
    path: 'contabilita/cliente', methods: ['GET'], access: 'admin', tag: T,
    summary: 'La situazione contabile di un cliente (dettaglio cliente)',
    input: contabilitaClienteQuery, response: situazioneContabile,
  }),
  blocco: contract({
    path: 'contabilita/blocco', methods: ['POST'], access: 'admin', tag: T,
    summary: "Imposta se gli ordini oltre il fido del cliente sono rifiutati ('blocca oltre fido') o solo segnalati",
    input: contabilitaBloccoRequest, response: z.object({ status: z.number().int(), msg: z.string() }),
  }),
};
