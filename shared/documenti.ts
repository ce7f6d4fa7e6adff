import { z } from 'zod';
import { codice, idParam, INT4, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';
import { MAX_DOCUMENTO_BYTES, MB } from './upload.js';
import { righeDdtCampo } from './resi.js';
import { LIMITI_FILTRI_DOCUMENTI, TIPI_DOCUMENTO_ERP, MAX_DOCUMENTI_ZIP, MSG_FATTURAPA } from './documenti-costanti.js';

/** A FatturaPA file is a few KB to a few hundred; 5 MB leaves room for embedded attachments. */
export const MAX_XML_BYTES = 5 * MB;
/** Most orders and DDT numbers one document names. */
export const MAX_RIFERIMENTI = 50;

export const MSG_DOCUMENTI = {
  pdfMancante: 'Manca il PDF del documento (campo file).',
  nonPdf: 'Il file del documento deve essere un PDF.',
  nonXml: MSG_FATTURAPA.nonXml,
  xmlSoloFatture: "L'XML FatturaPA si allega solo a fatture e note di credito.",
  ddtSoloFatture: 'I numeri di DDT si indicano solo per fatture e note di credito.',
  righeSoloDdt: 'Le righe si indicano solo per i DDT.',
  resiSoloNote: 'I numeri RMA (resi) si indicano solo per le note di credito.',
  clienteSconosciuto: (azienda: string, cliente: string) => `Cliente ${cliente} dell'azienda ${azienda} non trovato.`,
  ordineNonDelCliente: (id: number) => `L'ordine ${id} non esiste o non è di questo cliente.`,
  sconosciuto: 'Documento non trovato.',
  senzaXml: 'Questo documento non ha la fattura elettronica XML.',
  salvato: 'Documento ricevuto.',
  sostituito: 'Documento ricevuto: sostituisce quello con lo stesso numero.',
} as const;

/** A date as the ERP and the filters write it: YYYY-MM-DD, a real day. */
const dataIso = (nome: string) => testo().trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${nome} deve essere una data AAAA-MM-GG`)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, `${nome} non è una data valida`);

/** An amount with up to two decimals, '.' or ',' (credit notes may carry negative totals). */
const importo = (nome: string) => testo(`${nome} obbligatorio`).trim()
  .regex(/^-?\d{1,12}([.,]\d{1,2})?$/, `${nome} deve essere un importo (es. 1234,56)`)
  .transform((s) => s.replace(',', '.'));

/** A list in one form field: comma-separated, each item a short text. */
const elenco = (nome: string, voce: z.ZodString, max = MAX_RIFERIMENTI) => testo().trim().max(2000, `${nome} troppo lungo`)
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x !== ''))])
  .pipe(z.array(voce).max(max, `Al massimo ${max} voci in ${nome}`));
/** A list of row ids (positive integers within int4). */
const elencoId = (nome: string, max?: number) => elenco(nome, z.string().regex(/^\d{1,10}$/, `${nome}: ogni voce deve essere un numero`), max)
  .transform((a) => a.map(Number))
  .refine((a) => a.every((n) => n >= 1 && n <= INT4.max), `${nome}: numero non valido`);

export const documentoPushRequest = z.object({
  tipo: z.enum(TIPI_DOCUMENTO_ERP, { error: `tipo non valido: usare ${TIPI_DOCUMENTO_ERP.join(', ')}` }),
  numero: testo('numero obbligatorio').trim().min(1, 'numero obbligatorio').max(40, 'numero troppo lungo'),
  data: dataIso('data'),
  azienda_codice: codice,
  cliente_codice: codice,
  imponibile: importo('imponibile'),
  iva: importo('iva'),
  totale: importo('totale'),
  /** Portal order ids, comma-separated. */
  ordini: elencoId('ordini').optional().default([]),
  /** For an invoice or credit note: the DDT numbers it bills, comma-separated. */
  ddt: elenco('ddt', z.string().max(40, 'numero di DDT troppo lungo')).optional().default([]),
  /** For a DDT: its lines, a JSON array of {codice_prodotto, descrizione, quantita, unita?, lotto?} (without: the lines of its orders). */
  righe: righeDdtCampo.optional(),
  /** For a credit note: the RMA numbers of the returns it credits, comma-separated (each closes, with this note linked). */
  resi: elenco('resi', z.string().max(40, 'numero RMA troppo lungo')).optional().default([]),
});
export type DocumentoPush = z.output<typeof documentoPushRequest>;

export const documentoPushResponse = z.object({ status: z.number().int(), msg: z.string(), id: z.number().int(), sostituito: z.boolean() });

/** A document as the customer's list shows it. */
export const documento = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPI_DOCUMENTO_ERP),
  numero: z.string(),
  data: z.string(),
  imponibile: z.string(),
  iva: z.string(),
  totale: z.string(),
  ordini: z.array(z.number().int()),
  ddt: z.array(z.string()),
  xml: z.boolean(),
});
export type Documento = z.infer<typeof documento>;

const scope = { azienda_codice: codice.optional(), cliente_codice: codice.optional() };
const scopeCliente = { azienda: 'azienda_codice', cliente: 'cliente_codice' } as const;

export const documentiReadQuery = z.object({
  ...scope,
  tipo: z.enum(TIPI_DOCUMENTO_ERP, { error: `tipo non valido: usare ${TIPI_DOCUMENTO_ERP.join(', ')}` }).optional(),
  dal: dataIso('dal').optional(),
  al: dataIso('al').optional(),
  numero: testo().trim().max(LIMITI_FILTRI_DOCUMENTI.numero, 'numero troppo lungo').optional(),
  ordine_id: idParam('ordine_id').optional(),
  ...paginazione(),
}).refine((q) => !q.dal || !q.al || q.dal <= q.al, { message: 'La data iniziale è dopo la data finale', path: ['al'] });
export type DocumentiFiltri = z.input<typeof documentiReadQuery>;

export const FORMATI_FILE = ['pdf', 'xml'] as const;
export const documentiFileQuery = z.object({
  ...scope,
  id: idParam('id'),
  formato: z.enum(FORMATI_FILE, { error: 'formato non valido: usare pdf o xml' }).optional().default('pdf'),
  /** 1: as a download; otherwise the PDF opens in the browser. */
  scarica: z.enum(['0', '1'], { error: 'scarica deve essere 0 o 1' }).optional(),
});

const soggetto = z.object({ denominazione: z.string(), partita_iva: z.string(), codice_fiscale: z.string(), indirizzo: z.string() });
/**
 * A FatturaPA as the customer reads it: its parties and, for each body (usually one), lines, VAT,
 * DDT and payments; `voci_omesse` counts the entries left out beyond LIMITI_FATTURAPA. Read
 * once and stored (documenti.fatturapa); a stored view this schema refuses (an older shape) is read again.
 */
export const fatturaPaLeggibile = z.object({
  fornitore: soggetto,
  cliente: soggetto,
  documenti: z.array(z.object({
    tipo: z.string(),
    numero: z.string(),
    data: z.string(),
    divisa: z.string(),
    totale: z.string(),
    righe: z.array(z.object({
      numero: z.string(), codice: z.string(), descrizione: z.string(), quantita: z.string(), unita: z.string(),
      prezzo_unitario: z.string(), prezzo_totale: z.string(), aliquota: z.string(),
    })),
    riepilogo: z.array(z.object({ aliquota: z.string(), natura: z.string(), imponibile: z.string(), imposta: z.string() })),
    ddt: z.array(z.object({ numero: z.string(), data: z.string() })),
    pagamenti: z.array(z.object({
      condizioni: z.string(),
      rate: z.array(z.object({ modalita: z.string(), scadenza: z.string(), importo: z.string(), iban: z.string() })),
    })),
  })),
  voci_omesse: z.number().int().min(0),
});
export type FatturaPaLeggibile = z.infer<typeof fatturaPaLeggibile>;

export const documentiFatturaPaQuery = z.object({ ...scope, id: idParam('id') });

export const documentiZipQuery = z.object({
  ...scope,
  ids: elencoId('ids', MAX_DOCUMENTI_ZIP).refine((a) => a.length >= 1, 'Seleziona almeno un documento'),
});

const upload = {
  campi: ['file', 'xml'] as const, maxFile: 2, maxBytes: MAX_DOCUMENTO_BYTES, maxBytesCampo: { xml: MAX_XML_BYTES },
  maxTotale: MAX_DOCUMENTO_BYTES + MAX_XML_BYTES,
} as const;
const T = 'Documenti';

export const documentiApi = {
  push: contract({
    path: 'documenti/push', methods: ['POST'], access: 'token', tag: T, upload,
    summary: 'Un DDT, una fattura o una nota di credito dal gestionale (multipart: campi del documento, file = PDF, xml = FatturaPA facoltativo); '
      + 'lo stesso tipo e numero nello stesso anno sostituisce il precedente',
    input: documentoPushRequest, response: documentoPushResponse,
  }),
  leggi: contract({
    path: 'documenti/read', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: scopeCliente,
    summary: 'I documenti del cliente (DDT, fatture, note di credito), dal più recente, con i filtri',
    input: documentiReadQuery, response: paginaDi('documenti', documento),
  }),
  file: contract({
    path: 'documenti/file', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: scopeCliente,
    summary: 'Il PDF di un documento del cliente (nel browser, o da scaricare con scarica=1) o la sua fattura elettronica XML',
    input: documentiFileQuery, response: z.string().describe('Il file (application/pdf o application/xml)'),
  }),
  fatturaPa: contract({
    path: 'documenti/fatturapa', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: scopeCliente,
    summary: 'La fattura elettronica XML di un documento del cliente resa leggibile: fornitore, cliente, righe, riepilogo IVA, DDT, pagamenti e scadenze',
    input: documentiFatturaPaQuery, response: fatturaPaLeggibile,
  }),
  zip: contract({
    path: 'documenti/zip', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: scopeCliente,
    summary: `I PDF dei documenti scelti del cliente in un unico ZIP (ids separati da virgola, al massimo ${MAX_DOCUMENTI_ZIP})`,
    input: documentiZipQuery, response: z.string().describe('Il file ZIP'),
  }),
};
