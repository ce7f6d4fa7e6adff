import { z } from 'zod';
import { esito, idParam, paginaDi, paginazione } from './common.js';
import { contract } from './contract.js';
import {
  ERRORI_PAGINA_MAX, MAX_ALLEGATI_IMPORT, MAX_IMPORT_BYTES, MSG_IMPORT, STATI_IMPORT, TIPI_IMPORT,
} from './importazioni-costanti.js';
import { MAX_DOCUMENTO_BYTES } from './upload.js';

/** A form's yes/no: the browser sends '1'/'0' (or true/false in JSON). */
const siNo = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true').optional().default(false);

export const importRequest = z.object({
  tipo: z.enum(TIPI_IMPORT, { error: `tipo non valido: usare ${TIPI_IMPORT.join(', ')}` }),
  /** articoli: products missing from the file are withdrawn. */
  completo: siNo,
  /** Validate and count only: the report before applying. */
  prova: siNo,
  /** Most refused rows, in percent, before the whole file is refused (default SOGLIA_PREDEFINITA). */
  soglia: z.coerce.number({ error: MSG_IMPORT.soglia }).min(0, MSG_IMPORT.soglia).max(100, MSG_IMPORT.soglia).optional(),
});

export const erroreImport = z.object({
  riga: z.number().int(),
  colonna: z.string().nullable(),
  valore: z.string().nullable(),
  messaggio: z.string(),
});
export type ErroreImport = z.infer<typeof erroreImport>;

export const importazione = z.object({
  id: z.number().int(),
  tipo: z.string(),
  file: z.string(),
  origine: z.string(),
  autore: z.string(),
  completo: z.boolean(),
  prova: z.boolean(),
  stato: z.enum(STATI_IMPORT),
  motivo: z.string().nullable(),
  righe_lette: z.number().int(),
  nuove: z.number().int(),
  modificate: z.number().int(),
  invariate: z.number().int(),
  ritirate: z.number().int(),
  scartate: z.number().int(),
  colonne_ignorate: z.array(z.string()),
  fase: z.string().nullable(),
  percentuale: z.number().int().nullable(),
  iniziata_at: z.string(),
  durata_ms: z.number().int().nullable(),
});
export type Importazione = z.infer<typeof importazione>;

/** A run's report: its record and its first refused rows; status 1 when refused or failed. */
const rapporto = esito.extend({ importazione, errori: z.array(erroreImport) });
export type Rapporto = z.infer<typeof rapporto>;

const upload = {
  campi: ['file', 'allegati'] as const, maxFile: 1 + MAX_ALLEGATI_IMPORT, maxBytes: MAX_IMPORT_BYTES, maxBytesCampo: { allegati: MAX_DOCUMENTO_BYTES },
  // The file and its attachments together: one request carries at most the import's 200 MB.
  maxTotale: MAX_IMPORT_BYTES,
} as const;
const T = 'Importazioni';

/**
 * Imports from the ERP's exports (docs/import.md): the admin screen (tecnico) and the ERP's push
 * (API token). A file is queued and answered at once ('in_attesa'); its report is read again
 * (rapporto, esito) until the run has ended.
 */
export const importazioniApi = {
  carica: contract({
    path: 'importazioni/carica', methods: ['POST'], access: 'tecnico', tag: T, upload,
    summary: "Mette in coda un file da importare (multipart: file, tipo, completo, prova, soglia; per i documenti anche allegati); con prova=1 verifica soltanto",
    input: importRequest, response: rapporto,
  }),
  rapporto: contract({
    path: 'importazioni/rapporto', methods: ['GET'], access: 'tecnico', tag: T,
    summary: "Lo stato e il rapporto di un'importazione (con le prime righe scartate)",
    input: z.object({ id: idParam('id') }), response: rapporto,
  }),
  push: contract({
    path: 'importazioni/push', methods: ['POST'], access: 'token', tag: T, upload,
    summary: "Importazione automatica dal gestionale, autenticata da un token API (Authorization: Bearer): messa in coda",
    input: importRequest, response: rapporto,
  }),
  esito: contract({
    path: 'importazioni/esito', methods: ['GET'], access: 'token', tag: T,
    summary: "Lo stato e il rapporto di un'importazione inviata con lo stesso token",
    input: z.object({ id: idParam('id') }), response: rapporto,
  }),
  storico: contract({
    path: 'importazioni/read', methods: ['GET'], access: 'tecnico', tag: T,
    summary: 'Le importazioni, dalla più recente (anche quelle in corso, con il loro avanzamento)',
    input: z.object(paginazione()),
    response: paginaDi('importazioni', importazione),
  }),
  errori: contract({
    path: 'importazioni/errori', methods: ['GET'], access: 'tecnico', tag: T,
    summary: `Le righe scartate di un'importazione, con il motivo, una pagina alla volta (limit fino a ${ERRORI_PAGINA_MAX.toLocaleString('it-IT')}; in tutto fino a 10.000)`,
    input: z.object({
      id: idParam('id'),
      ...paginazione(ERRORI_PAGINA_MAX),
    }),
    response: paginaDi('errori', erroreImport),
  }),
};
