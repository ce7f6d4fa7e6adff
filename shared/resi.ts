import { z } from 'zod';
import { codice, idParam, intParam, paginaDi, paginazione, testo, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import {
  MAX_FOTO_RESO, MAX_LOTTO, MAX_MOTIVO_RIFIUTO_RESO, MAX_NOTA_RESO, MAX_RESI_PAGINA, MAX_RIGHE_RESO,
  MOTIVI_RESO, MSG_RESI, STATI_RESO,
} from './resi-costanti.js';
import { MAX_FOTO_BYTES } from './upload.js';

/**
 * Returns from a delivery note (issue 39, docs/regole/resi.md): the customer asks against a DDT's
 * lines, sees the policy before sending and follows the states; staff authorise, refuse, receive,
 * inspect and close; the ERP's credit note naming the RMA closes it too.
 */

/** Most lines one DDT may carry from the ERP. */
export const MAX_RIGHE_DDT = 2000;

/** A DDT line as the ERP sends it (push field `righe`, import column `righe`): a JSON array of these. */
export const rigaDdt = z.object({
  codice_prodotto: codice,
  descrizione: testo('descrizione obbligatoria').trim().max(500, 'descrizione troppo lunga'),
  quantita: z.number({ error: 'quantita deve essere un numero intero' }).int('quantita deve essere un numero intero')
    .min(0, 'quantita non può essere negativa').max(1_000_000, 'quantita troppo grande'),
  unita: testo().trim().max(10, 'unita troppo lunga').optional(),
  lotto: testo().trim().max(MAX_LOTTO, 'lotto troppo lungo').optional(),
});

/** A JSON field of a form (multipart sends text), or the value itself from a JSON body. */
const json = <T extends z.ZodType>(nome: string, schema: T) => z.unknown().transform((v, ctx) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: `${nome} deve essere JSON valido` });
    return z.NEVER;
  }
}).pipe(schema);

/** The DDT lines of a push: a JSON array, each line's fields checked (its position named in the message). */
export const righeDdtCampo = json('righe', z.array(rigaDdt).max(MAX_RIGHE_DDT, `Al massimo ${MAX_RIGHE_DDT} righe per DDT`));

const scope = { utente_codice: codice.optional(), azienda_codice: codice.optional(), cliente_codice: codice.optional() };
const SCOPE = { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' } as const;

export const statoReso = z.enum(STATI_RESO);
export const motivoReso = z.enum(MOTIVI_RESO, { error: MSG_RESI.motivoNonValido });

/** The policy as it applies to one DDT today: shown before the customer sends. */
export const anteprimaPolitica = z.object({
  giorni_ddt: z.number().int(),
  ddt_reso_richiesto: z.boolean(),
  /** Credit % foreseen per reason; null: not accepted at this age (surplus past the last step). */
  percentuali: z.record(motivoReso, z.number().nullable()),
});

export const rigaRendibile = z.object({
  riga_id: z.number().int(),
  riga: z.number().int(),
  codice_prodotto: z.string(),
  descrizione: z.string(),
  unita: z.string().nullable(),
  lotto: z.string().nullable(),
  quantita_consegnata: z.number().int(),
  quantita_rendibile: z.number().int(),
  /** The line came from the order the DDT names (the ERP sent no lines): quantities as ordered. */
  da_ordine: z.boolean(),
});
export type RigaRendibile = z.infer<typeof rigaRendibile>;

export const resiRendibiliQuery = z.object({ ...scope, documento_id: idParam('DDT') });
export const resiRendibiliResponse = z.object({
  documento: z.object({ id: z.number().int(), numero: z.string(), data: z.string() }),
  politica: anteprimaPolitica,
  righe: z.array(rigaRendibile),
});
export type ResiRendibili = z.infer<typeof resiRendibiliResponse>;

const rigaRichiesta = z.object({
  riga_id: idParam('Riga'),
  quantita: intParam('Quantità non valida').pipe(z.number().min(1, 'Quantità non valida: almeno 1')),
  motivo: motivoReso,
  nota: testoMultiriga().trim().max(MAX_NOTA_RESO, 'Nota troppo lunga').optional(),
  lotto: testo().trim().max(MAX_LOTTO, 'Lotto troppo lungo').optional(),
});
export type RigaRichiesta = z.input<typeof rigaRichiesta>;

export const resiRichiediRequest = z.object({
  ...scope,
  /** The DDT; left out, the one of the first line (every line must be of the same DDT). */
  documento_id: idParam('DDT').optional(),
  descrizione: testoMultiriga().trim().max(MAX_NOTA_RESO, 'Descrizione troppo lunga').optional().default(''),
  righe: json('righe', z.array(rigaRichiesta).min(1, 'Scegli almeno una riga da rendere').max(MAX_RIGHE_RESO, `Al massimo ${MAX_RIGHE_RESO} righe`)
    .refine((rr) => new Set(rr.map((r) => r.riga_id)).size === rr.length, MSG_RESI.rigaRipetuta)),
});
export const resiRichiediResponse = z.object({ id: z.number().int(), numero: z.string() });

/** A return in the lists. */
export const resoSintesi = z.object({
  id: z.number().int(),
  numero: z.string(),
  stato: statoReso,
  /** ISO 8601, UTC. */
  created_at: z.string(),
  documento: z.object({ id: z.number().int(), numero: z.string(), data: z.string() }),
  righe_n: z.number().int(),
  pezzi: z.number().int(),
  cliente: z.object({ codice: z.string(), ragione_sociale: z.string() }),
});
export type ResoSintesi = z.infer<typeof resoSintesi>;

export const rigaReso = z.object({
  id: z.number().int(),
  riga_id: z.number().int(),
  codice_prodotto: z.string(),
  descrizione: z.string(),
  quantita: z.number().int(),
  motivo: motivoReso,
  nota: z.string().nullable(),
  lotto: z.string().nullable(),
  percentuale_prevista: z.number(),
  esito: z.enum(['autorizzata', 'rifiutata']).nullable(),
  percentuale_autorizzata: z.number().nullable(),
  quantita_accettata: z.number().int().nullable(),
  percentuale_accredito: z.number().nullable(),
});
export type RigaReso = z.infer<typeof rigaReso>;

/** A step of a return's history (docs/regole/resi.md#history), as both sides see it. */
export const passoReso = z.object({
  /** The state before; null for the request itself. */
  da: statoReso.nullable(),
  a: statoReso,
  autore_tipo: z.enum(['cliente', 'staff', 'erp']),
  autore: z.string(),
  nota: z.string().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type PassoReso = z.infer<typeof passoReso>;

export const reso = resoSintesi.extend({
  descrizione: z.string(),
  giorni_ddt: z.number().int(),
  ddt_reso_richiesto: z.boolean(),
  motivo_rifiuto: z.string().nullable(),
  stato_at: z.string(),
  nota_credito: z.object({ id: z.number().int(), numero: z.string(), data: z.string() }).nullable(),
  righe: z.array(rigaReso),
  foto: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  storico: z.array(passoReso),
});
export type Reso = z.infer<typeof reso>;

export const resiElencoQuery = z.object({ ...scope, stato: statoReso.optional(), ...paginazione(MAX_RESI_PAGINA, 20) });
export const resiDettaglioQuery = z.object({ ...scope, id: idParam('Reso') });
export const resiAnnullaRequest = z.object({ ...scope, id: idParam('Reso') });
export const resiFotoQuery = z.object({ ...scope, id: idParam('Reso'), foto_id: idParam('Foto') });

/** Staff: the queue with its filters. */
export const resiCodaQuery = z.object({
  stato: statoReso.optional(),
  motivo: motivoReso.optional(),
  azienda_codice: codice.optional(),
  cliente_codice: codice.optional(),
  /** Asked at least this many days ago. */
  giorni_min: intParam('giorni_min non valido').pipe(z.number().min(0, 'giorni_min non valido').max(3650, 'giorni_min non valido')).optional(),
  ...paginazione(MAX_RESI_PAGINA, 20),
});
export const resiConteggioResponse = z.object({ da_gestire: z.number().int() });

const percentuale = z.number({ error: 'Percentuale non valida' }).min(0, 'Percentuale non valida (0-100)').max(100, 'Percentuale non valida (0-100)');

export const resiAutorizzaRequest = z.object({
  id: idParam('Reso'),
  /** Per line: authorised with its credit % (the policy's proposal when left out), or refused. Left out: every line authorised as proposed. */
  righe: z.array(z.object({
    id: idParam('Riga'),
    esito: z.enum(['autorizzata', 'rifiutata'], { error: "esito: usare 'autorizzata' o 'rifiutata'" }),
    percentuale: percentuale.optional(),
  })).min(1).max(MAX_RIGHE_RESO).optional(),
  /** Why the lines refused were, when some are. */
  motivo: testoMultiriga().trim().max(MAX_MOTIVO_RIFIUTO_RESO, 'Motivo troppo lungo').optional(),
});
export const resiRifiutaRequest = z.object({
  id: idParam('Reso'),
  motivo: testoMultiriga(MSG_RESI.motivoRifiuto).trim().min(1, MSG_RESI.motivoRifiuto).max(MAX_MOTIVO_RIFIUTO_RESO, 'Motivo troppo lungo'),
});
export const resiPassoRequest = z.object({ id: idParam('Reso') });
export const resiVerificaRequest = z.object({
  id: idParam('Reso'),
  righe: z.array(z.object({
    id: idParam('Riga'),
    quantita_accettata: intParam('Quantità accettata non valida').pipe(z.number().min(0, 'Quantità accettata non valida')),
    percentuale: percentuale,
  })).min(1).max(MAX_RIGHE_RESO),
});

/** The wholesaler's policy as the admin page Impostazioni edits it. */
export const politicaResi = z.object({
  scaglioni: z.array(z.object({
    giorni: intParam('Giorni non validi').pipe(z.number().min(1, 'Giorni non validi: almeno 1').max(3650, 'Giorni non validi')),
    percentuale: percentuale,
  })).min(1, 'Indica almeno uno scaglione').max(10, 'Al massimo 10 scaglioni')
    .refine((ss) => ss.every((x, i) => i === 0 || x.giorni > ss[i - 1]!.giorni), 'Gli scaglioni vanno in ordine di giorni crescenti'),
  percentuale_difetti: percentuale,
  ddt_reso_richiesto: z.boolean({ error: 'ddt_reso_richiesto deve essere vero o falso' }),
});

export const resiStatoResponse = z.object({ id: z.number().int(), numero: z.string(), stato: statoReso, msg: z.string() });

const T = 'Resi';
const upload = { campi: ['foto'] as const, maxFile: MAX_FOTO_RESO, maxBytes: MAX_FOTO_BYTES, maxTotale: MAX_FOTO_RESO * MAX_FOTO_BYTES } as const;

export const resiApi = {
  rendibili: contract({
    path: 'resi/rendibili', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: "Le righe di un DDT del cliente con la quantità consegnata e quella ancora rendibile, e la politica di reso che si applica oggi",
    input: resiRendibiliQuery, response: resiRendibiliResponse,
  }),
  richiedi: contract({
    path: 'resi/richiedi', methods: ['POST'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE, upload,
    summary: `Chiede un reso su righe di un DDT (multipart: righe in JSON [{riga_id, quantita, motivo, nota?, lotto?}], descrizione, foto: fino a ${MAX_FOTO_RESO} immagini)`,
    input: resiRichiediRequest, response: resiRichiediResponse,
  }),
  elenco: contract({
    path: 'resi/elenco', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: 'I resi del cliente, dal più recente',
    input: resiElencoQuery, response: paginaDi('resi', resoSintesi),
  }),
  dettaglio: contract({
    path: 'resi/dettaglio', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: 'Un reso del cliente: numero RMA, stato, righe con esito e accredito, foto, nota di credito',
    input: resiDettaglioQuery, response: reso,
  }),
  annulla: contract({
    path: 'resi/annulla', methods: ['POST'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: 'Annulla un reso ancora Richiesto',
    input: resiAnnullaRequest, response: resiStatoResponse,
  }),
  spedisci: contract({
    path: 'resi/spedisci', methods: ['POST'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: 'Segna un reso autorizzato come spedito o in consegna al banco',
    input: resiAnnullaRequest, response: resiStatoResponse,
  }),
  pdf: contract({
    path: 'resi/pdf', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: 'Il documento RMA in PDF di un reso autorizzato (numero RMA, DDT originale, righe, cosa scrivere sul DDT di reso)',
    input: resiDettaglioQuery, response: z.string().describe('Il PDF'),
  }),
  foto: contract({
    path: 'resi/foto', methods: ['GET'], access: 'cliente', permesso: 'documenti', tag: T, scope: SCOPE,
    summary: 'Una foto di un reso del cliente',
    input: resiFotoQuery, response: z.string().describe("L'immagine"),
  }),
  coda: contract({
    path: 'resi/coda', methods: ['GET'], access: 'admin', tag: T,
    summary: 'I resi da gestire, con i filtri (stato, motivo, cliente, giorni dalla richiesta), dal più vecchio',
    input: resiCodaQuery, response: paginaDi('resi', resoSintesi),
  }),
  conteggio: contract({
    path: 'resi/conteggio', methods: ['GET'], access: 'admin', tag: T,
    summary: "Quanti resi aspettano una decisione o un passo del personale (il contatore della home dell'area admin)",
    input: z.object({}), response: resiConteggioResponse,
  }),
  scheda: contract({
    path: 'resi/scheda', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Un reso qualsiasi, per il personale',
    input: z.object({ id: idParam('Reso') }), response: reso,
  }),
  politica: contract({
    path: 'resi/politica', methods: ['GET'], access: 'admin', tag: T,
    summary: "La politica dei resi: accredito per giorni dal DDT per l'eccedenza, accredito per difetti e errori, se serve il DDT di reso",
    input: z.object({}), response: politicaResi,
  }),
  salvaPolitica: contract({
    path: 'resi/politica/salva', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Cambia la politica dei resi (vale per le richieste da quel momento)',
    input: politicaResi, response: politicaResi,
  }),
  autorizza: contract({
    path: 'resi/autorizza', methods: ['POST'], access: 'admin', tag: T,
    summary: "Autorizza un reso Richiesto, tutto o riga per riga, con la percentuale di accredito proposta dalla politica o modificata",
    input: resiAutorizzaRequest, response: resiStatoResponse,
  }),
  rifiuta: contract({
    path: 'resi/rifiuta', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Rifiuta un reso Richiesto, con il motivo',
    input: resiRifiutaRequest, response: resiStatoResponse,
  }),
  ricevi: contract({
    path: 'resi/ricevi', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Segna la merce di un reso autorizzato come ricevuta',
    input: resiPassoRequest, response: resiStatoResponse,
  }),
  verifica: contract({
    path: 'resi/verifica', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Registra la verifica della merce ricevuta: quantità accettata e accredito per riga',
    input: resiVerificaRequest, response: resiStatoResponse,
  }),
  chiudi: contract({
    path: 'resi/chiudi', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Chiude un reso verificato',
    input: resiPassoRequest, response: resiStatoResponse,
  }),
};
