import { z } from 'zod';
import { codice, idParam, intParam, paginaDi, paginazione, testo, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import { MAX_QUANTITA_RIGA } from './ordini-costanti.js';
import {
  MAX_ALLEGATI_PREVENTIVO, MAX_FILTRO_CLIENTE, MAX_FILTRO_NUMERO, MAX_GIORNI_VALIDITA, MAX_MESSAGGIO_PREVENTIVO, MAX_NOTA_RIGA, MAX_PREVENTIVI_PAGINA, MAX_RIGHE_PREVENTIVO,
  MSG_PREVENTIVI, RE_SCONTI, STATI_CLIENTE, STATI_PREVENTIVO, STATI_STAFF,
} from './preventivi-costanti.js';
import { MAX_FOTO_BYTES } from './upload.js';

/**
 * Quotes between a customer and the wholesaler (issue 37): a customer asks (preventivi/richiedi),
 * staff take it in charge and answer with a version (preventivi/rispondi) or a question, the
 * customer accepts a version into an order at its prices (preventivi/accetta), asks a revision
 * or declines; an offer expires at its validity.
 */

const scope = { utente_codice: codice, azienda_codice: codice, cliente_codice: codice };
const SCOPE = { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' } as const;
const T = 'Preventivi';

const quantita = z.number({ error: 'Quantità non valida' }).int('Quantità non valida').min(1, 'Quantità non valida')
  .max(MAX_QUANTITA_RIGA, 'Quantità non valida');
const prezzoUnitario = (msg: string) => z.number({ error: msg }).min(0, msg).max(1e9, msg)
  .refine((n) => Math.round(n * 1000) === n * 1000 || Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, 'Al massimo 3 decimali');
const messaggio = testoMultiriga().trim().max(MAX_MESSAGGIO_PREVENTIVO, `Messaggio troppo lungo (massimo ${MAX_MESSAGGIO_PREVENTIVO} caratteri).`);
const nota = testoMultiriga().trim().max(MAX_NOTA_RIGA, `Nota troppo lunga (massimo ${MAX_NOTA_RIGA} caratteri).`);

/** A multipart form carries structured fields as JSON text: read it before checking it. */
const json = <S extends z.ZodType>(s: S) => z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, s);

export const rigaRichiesta = z.object({
  codice_prodotto: codice,
  quantita,
  prezzo_obiettivo: prezzoUnitario('Prezzo obiettivo non valido').optional(),
  nota: nota.optional(),
});
export const rigaLibera = z.object({
  descrizione: testo().trim().min(1, 'Descrivi la riga libera.').max(300, 'Descrizione troppo lunga (massimo 300 caratteri).'),
  quantita,
});

export const preventiviRichiediRequest = z.object({
  ...scope,
  righe: json(z.array(rigaRichiesta).max(MAX_RIGHE_PREVENTIVO)).default([]),
  righe_libere: json(z.array(rigaLibera).max(MAX_RIGHE_PREVENTIVO)).default([]),
  messaggio: messaggio.default(''),
}).refine((r) => r.righe.length + r.righe_libere.length > 0, { message: MSG_PREVENTIVI.vuoto, path: ['righe'] })
  .refine((r) => r.righe.length + r.righe_libere.length <= MAX_RIGHE_PREVENTIVO, { message: `Al massimo ${MAX_RIGHE_PREVENTIVO} righe.`, path: ['righe'] });
export type PreventiviRichiediRequest = z.input<typeof preventiviRichiediRequest>;
/** Staff open a quote for a client (a phone request): the client by its codes, the lines as a request's. */
export const preventiviCreaRequest = z.object({
  azienda_codice: codice, cliente_codice: codice,
  /** Who of the client asked (clienti/details' `utenti`): named on the quote, the customer's mails go to them. Left out: nobody. */
  utente_id: idParam('Utente').optional(),
  righe: z.array(rigaRichiesta).max(MAX_RIGHE_PREVENTIVO).default([]),
  righe_libere: z.array(rigaLibera).max(MAX_RIGHE_PREVENTIVO).default([]),
  messaggio: messaggio.default(''),
  /** Or the Idempotency-Key header: the same key again answers the same quote (a double click opens one). */
  idempotency_key: z.string().optional(),
}).refine((r) => r.righe.length + r.righe_libere.length > 0, { message: MSG_PREVENTIVI.vuoto, path: ['righe'] })
  .refine((r) => r.righe.length + r.righe_libere.length <= MAX_RIGHE_PREVENTIVO, { message: `Al massimo ${MAX_RIGHE_PREVENTIVO} righe.`, path: ['righe'] });
export type PreventiviCreaRequest = z.input<typeof preventiviCreaRequest>;

export const preventiviRichiediResponse = z.object({ id: z.number().int(), numero: z.string(), msg: z.string() });

/** One quote in a list: both labels, the latest version and its validity. */
export const preventivoElenco = z.object({
  id: z.number().int(),
  numero: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  updated_at: z.string(),
  stato: z.enum(STATI_PREVENTIVO),
  stato_cliente: z.enum(STATI_CLIENTE),
  stato_staff: z.enum(STATI_STAFF),
  versione: z.number().int(),
  scade_at: z.string().nullable(),
  righe_n: z.number().int(),
  /** Of the latest version at its quoted prices (null before an offer). */
  totale: z.number().nullable(),
  richiedente: z.string(),
  presa_da: z.string().nullable(),
  ordine_id: z.number().int().nullable(),
  cliente: z.object({ azienda_codice: z.string(), codice: z.string(), ragione_sociale: z.string() }),
});
export type PreventivoElenco = z.infer<typeof preventivoElenco>;

const data = testo().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG)');
const filtri = {
  numero: testo().trim().max(MAX_FILTRO_NUMERO, 'Numero non valido').optional(),
  dal: data.optional(),
  al: data.optional(),
  ...paginazione(MAX_PREVENTIVI_PAGINA, 20),
};
export const preventiviElencoQuery = z.object({ ...scope, stato: z.enum(STATI_CLIENTE, { error: 'Stato non valido' }).optional(), ...filtri });
export const preventiviElencoResponse = paginaDi('preventivi', preventivoElenco);

export const preventiviCodaQuery = z.object({
  stato: z.enum(STATI_STAFF, { error: 'Stato non valido' }).optional(),
  cliente: testo().trim().max(MAX_FILTRO_CLIENTE, 'Codice cliente non valido').optional(),
  miei: z.enum(['0', '1']).optional(),
  ...filtri,
});
export const preventiviCodaResponse = paginaDi('preventivi', preventivoElenco);
export const preventiviContatoreResponse = z.object({ da_lavorare: z.number().int() });

export const rigaPreventivo = z.object({
  riga_id: z.number().int(),
  codice_prodotto: z.string().nullable(),
  descrizione: z.string(),
  quantita: z.number().int(),
  prezzo_obiettivo: z.number().nullable(),
  nota_cliente: z.string(),
  /** The customer's net unit price when the version was made. */
  prezzo_netto: z.number().nullable(),
  /** Today's net unit price for the customer (the saving is measured against it). */
  prezzo_oggi: z.number().nullable(),
  /** The quoted net unit price (null in the request). */
  prezzo: z.number().nullable(),
  sconti: z.string().nullable(),
  codice_originale: z.string().nullable(),
  giorni_consegna: z.number().int().nullable(),
  nota: z.string(),
});
export type RigaPreventivo = z.infer<typeof rigaPreventivo>;

export const versionePreventivo = z.object({
  versione: z.number().int(),
  created_at: z.string(),
  scade_at: z.string().nullable(),
  autore: z.string(),
  totale: z.number().nullable(),
  righe: z.array(rigaPreventivo),
});
export type VersionePreventivo = z.infer<typeof versionePreventivo>;

export const messaggioPreventivo = z.object({
  autore: z.enum(['cliente', 'staff', 'sistema']),
  autore_nome: z.string(),
  tipo: z.string(),
  versione: z.number().int(),
  testo: z.string(),
  created_at: z.string(),
});

export const allegatoPreventivo = z.object({ id: z.number().int(), nome: z.string(), mime: z.string(), bytes: z.number().int() });

export const preventivoDettaglio = preventivoElenco.extend({
  righe: z.array(rigaPreventivo),
  versioni: z.array(versionePreventivo),
  messaggi: z.array(messaggioPreventivo),
  allegati: z.array(allegatoPreventivo),
  motivo_rifiuto: z.string().nullable(),
});
export type PreventivoDettaglio = z.infer<typeof preventivoDettaglio>;

/** Customers name their client by the scope codes; staff read any quote by its id. */
export const preventiviDettaglioQuery = z.object({
  utente_codice: codice.optional(), azienda_codice: codice.optional(), cliente_codice: codice.optional(), id: idParam('Preventivo'),
});
export const preventiviDettaglioResponse = z.object({ preventivo: preventivoDettaglio });

const rigaRisposta = z.object({
  riga_id: idParam('Riga'),
  prezzo: prezzoUnitario('Prezzo non valido').optional(),
  sconti: testo().trim().regex(RE_SCONTI, MSG_PREVENTIVI.sconti).optional(),
  codice_sostitutivo: codice.optional(),
  giorni_consegna: intParam('Giorni di consegna non validi').pipe(z.number().min(0, 'Giorni di consegna non validi').max(365, 'Giorni di consegna non validi')).optional(),
  nota: nota.optional(),
}).refine((r) => !(r.prezzo !== undefined && r.sconti !== undefined), MSG_PREVENTIVI.prezzoOSconti);

export const preventiviRispondiRequest = z.object({
  id: idParam('Preventivo'),
  /** Validity: a date (AAAA-MM-GG, the offer holds through that day) or a number of days; default the setting. */
  validita: z.union([data, intParam('Validità non valida').pipe(z.number().min(1, 'Validità non valida').max(MAX_GIORNI_VALIDITA, 'Validità non valida'))]).optional(),
  righe: z.array(rigaRisposta).min(1, MSG_PREVENTIVI.righeRisposta).max(MAX_RIGHE_PREVENTIVO)
    .refine((rr) => new Set(rr.map((r) => r.riga_id)).size === rr.length, MSG_PREVENTIVI.righeRisposta),
  messaggio: messaggio.default(''),
});
export type PreventiviRispondiRequest = z.input<typeof preventiviRispondiRequest>;

export const preventiviDomandaRequest = z.object({ id: idParam('Preventivo'), messaggio: messaggio.min(1, MSG_PREVENTIVI.messaggio) });
export const preventiviIdRequest = z.object({ id: idParam('Preventivo') });
export const preventiviRiapriRequest = z.object({ id: idParam('Preventivo'), validita: preventiviRispondiRequest.shape.validita });

export const preventiviAccettaRequest = z.object({
  ...scope,
  id: idParam('Preventivo'),
  versione: intParam('Versione non valida').pipe(z.number().min(1, 'Versione non valida')),
  righe: z.array(z.object({ riga_id: idParam('Riga'), quantita })).min(1, MSG_PREVENTIVI.nessunaRiga).max(MAX_RIGHE_PREVENTIVO)
    .refine((rr) => new Set(rr.map((r) => r.riga_id)).size === rr.length, MSG_PREVENTIVI.righeDoppie),
  idempotency_key: z.string().optional(),
});
export type PreventiviAccettaRequest = z.input<typeof preventiviAccettaRequest>;
export const preventiviAccettaResponse = z.object({
  ordine_id: z.number().int(),
  stato: z.enum(['confermato', 'in_approvazione']),
  msg: z.string(),
});

export const preventiviRevisioneRequest = z.object({ ...scope, id: idParam('Preventivo'), messaggio: messaggio.min(1, MSG_PREVENTIVI.messaggio) });
export const preventiviRifiutaRequest = z.object({
  ...scope, id: idParam('Preventivo'), motivo: testoMultiriga(MSG_PREVENTIVI.motivo).trim().min(1, MSG_PREVENTIVI.motivo).max(500, 'Motivo troppo lungo (massimo 500 caratteri).'),
});
export const preventiviEsito = z.object({ id: z.number().int(), stato: z.enum(STATI_PREVENTIVO), msg: z.string() });

/** What a quote's PDF is drawn from: one version, its lines with their VAT rate, the VAT summary (plain data for the PDF thread). */
export interface PdfPreventivo {
  numero: string;
  versione: number;
  created_at: string;
  scade_at: string | null;
  stato_cliente: string;
  cliente: { ragione_sociale: string; codice: string; azienda_codice: string };
  richiedente: string;
  presa_da: string | null;
  righe: (RigaPreventivo & { aliquota: number })[];
  iva: { aliquota: number; imponibile: number; imposta: number }[];
  totale_netto: number;
  totale_preventivo: number;
  totale_iva: number;
}

export const preventiviPdfQuery = preventiviDettaglioQuery.extend({
  versione: intParam('Versione non valida').pipe(z.number().min(1, 'Versione non valida')).optional(),
});

export const preventiviAllegatoQuery = preventiviDettaglioQuery.extend({ allegato_id: idParam('Allegato') });

/** The default validity of an answer (the impostazioni row 'giorni_validita_preventivo'). */
export const giorniValiditaRequest = z.object({
  giorni_validita: intParam('Giorni di validità non validi').pipe(z.number().min(1, `Giorni di validità da 1 a ${MAX_GIORNI_VALIDITA}`).max(MAX_GIORNI_VALIDITA, `Giorni di validità da 1 a ${MAX_GIORNI_VALIDITA}`)),
});
export const giorniValiditaResponse = z.object({ giorni_validita: z.number().int() });

/** The SPA's forms check their own fields with these (the lines are checked by the call itself). */
export const moduloMessaggio = z.object({ messaggio });
export const moduloMessaggioObbligatorio = z.object({ messaggio: messaggio.min(1, MSG_PREVENTIVI.messaggio) });
export const moduloMotivo = preventiviRifiutaRequest.pick({ motivo: true });
/** The answer's own fields: the validity in days ('' for the setting's default) and the message. */
export const moduloRisposta = z.object({
  validita: testo().trim().regex(/^\d{0,3}$/, 'Validità non valida: un numero di giorni')
    .refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= MAX_GIORNI_VALIDITA), `Validità da 1 a ${MAX_GIORNI_VALIDITA} giorni`),
  messaggio,
});

export const preventiviApi = {
  richiedi: contract({
    path: 'preventivi/richiedi', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Chiede un preventivo al grossista: righe del catalogo, righe libere, un messaggio e fino a 5 allegati (PDF o immagini)',
    input: preventiviRichiediRequest, response: preventiviRichiediResponse, scope: SCOPE,
    upload: { campi: ['allegati'], maxFile: MAX_ALLEGATI_PREVENTIVO, maxBytes: MAX_FOTO_BYTES, maxTotale: MAX_ALLEGATI_PREVENTIVO * MAX_FOTO_BYTES },
  }),
  elenco: contract({
    path: 'preventivi/elenco', methods: ['GET'], access: 'cliente', tag: T,
    summary: 'I preventivi del cliente, dal più recente, con filtri per stato, periodo e numero',
    input: preventiviElencoQuery, response: preventiviElencoResponse, scope: SCOPE,
  }),
  dettaglio: contract({
    path: 'preventivi/dettaglio', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Un preventivo con le sue versioni, le righe della più recente, i messaggi e gli allegati (cliente o personale)',
    input: preventiviDettaglioQuery, response: preventiviDettaglioResponse,
  }),
  allegato: contract({
    path: 'preventivi/allegato', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Un allegato di una richiesta di preventivo (cliente o personale)',
    input: preventiviAllegatoQuery, response: z.string().describe('Il file'),
  }),
  pdf: contract({
    path: 'preventivi/pdf', methods: ['GET'], access: 'sessione', tag: T,
    summary: 'Il PDF di una versione del preventivo (la più recente se non indicata): righe, prezzi netti e del preventivo, totali, IVA, condizioni',
    input: preventiviPdfQuery, response: z.string().describe('Il PDF'),
  }),
  accetta: contract({
    path: 'preventivi/accetta', methods: ['POST'], access: 'cliente', permesso: 'ordinare', tag: T,
    summary: "Accetta una versione (quantità solo ridotte, righe tolte): un ordine ai prezzi del preventivo, una volta sola (Idempotency-Key)",
    input: preventiviAccettaRequest, response: preventiviAccettaResponse, scope: SCOPE,
  }),
  revisione: contract({
    path: 'preventivi/revisione', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Chiede al grossista una nuova versione, con un messaggio',
    input: preventiviRevisioneRequest, response: preventiviEsito, scope: SCOPE,
  }),
  rifiuta: contract({
    path: 'preventivi/rifiuta', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Rifiuta il preventivo, con il motivo',
    input: preventiviRifiutaRequest, response: preventiviEsito, scope: SCOPE,
  }),
  coda: contract({
    path: 'preventivi/coda', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Le richieste di preventivo di tutti i clienti, per il personale, con filtri',
    input: preventiviCodaQuery, response: preventiviCodaResponse,
  }),
  contatore: contract({
    path: 'preventivi/contatore', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Quante richieste aspettano il personale (la home dell\'area admin)',
    response: preventiviContatoreResponse,
  }),
  crea: contract({
    path: 'preventivi/crea', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Apre un preventivo per un cliente (una richiesta al telefono): in carico a chi lo apre, il cliente lo vede tra i suoi (Idempotency-Key)',
    input: preventiviCreaRequest, response: preventiviRichiediResponse,
  }),
  prendi: contract({
    path: 'preventivi/prendi', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Prende in carico una richiesta (una persona sola: gli altri la vedono)',
    input: preventiviIdRequest, response: preventiviEsito,
  }),
  rispondi: contract({
    path: 'preventivi/rispondi', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Invia una nuova versione: per riga un prezzo netto o una catena di sconti sul netto del cliente, sostitutivo, giorni di consegna, nota; la validità',
    input: preventiviRispondiRequest, response: preventiviEsito,
  }),
  domanda: contract({
    path: 'preventivi/domanda', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Chiede informazioni al cliente senza un\'offerta',
    input: preventiviDomandaRequest, response: preventiviEsito,
  }),
  validita: contract({
    path: 'preventivi/validita', methods: ['GET'], access: 'admin', tag: T,
    summary: 'La validità predefinita delle offerte, in giorni (30 se non impostata)',
    response: giorniValiditaResponse,
  }),
  impostaValidita: contract({
    path: 'preventivi/validita/imposta', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Imposta la validità predefinita delle offerte, in giorni (registrata nello storico modifiche)',
    input: giorniValiditaRequest, response: giorniValiditaResponse,
  }),
  riapri: contract({
    path: 'preventivi/riapri', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Riapre un preventivo scaduto con una nuova validità',
    input: preventiviRiapriRequest, response: preventiviEsito,
  }),
};
