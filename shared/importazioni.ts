import { z } from 'zod';
import { esito, idParam, paginaDi, paginazione } from './common.js';
import { contract } from './contract.js';
import { MAX_DOCUMENTO_BYTES, MB } from './upload.js';

/** The kinds of import file (docs/import.md). */
export const TIPI_IMPORT = [
  'articoli', 'listini', 'giacenze', 'clienti', 'prezzi_netti', 'categorie', 'codici_cliente', 'sconti', 'metel', 'fido', 'scadenze', 'documenti',
] as const;
export type TipoImport = (typeof TIPI_IMPORT)[number];

/** An ERP's export of 200,000 articles is some 60 MB of CSV; XLSX is smaller. */
export const MAX_IMPORT_BYTES = 200 * MB;

export const STATI_IMPORT = ['in_attesa', 'in_corso', 'applicata', 'verificata', 'rifiutata', 'fallita'] as const;
export type StatoImport = (typeof STATI_IMPORT)[number];

export const ETICHETTE_STATO_IMPORT: Record<StatoImport, string> = {
  in_attesa: 'In coda',
  in_corso: 'In corso',
  applicata: 'Applicata',
  verificata: 'Verificata (prova)',
  rifiutata: 'Rifiutata',
  fallita: 'Non riuscita',
};

/**
 * The documenti kind (docs/import.md#documenti): a ZIP holding the CSV and the files its rows name,
 * or the CSV in `file` and those files beside it in `allegati`, each at most a document's size.
 */
export const MAX_ALLEGATI_IMPORT = 500;

/** The most refused rows, in percent, before a whole file is refused, when the call names none. */
export const SOGLIA_PREDEFINITA = 1;

export const MSG_IMPORT = {
  soglia: 'La soglia è una percentuale tra 0 e 100.',
  soloCsvXlsx: 'Il file deve essere un CSV (testo separato da ; o ,) o un foglio XLSX.',
  documentiCsvZip: 'Per i documenti il file deve essere uno ZIP con il CSV e i file che nomina, oppure il CSV con i file negli allegati.',
  allegatiSoloDocumenti: 'Gli allegati valgono solo per il tipo documenti.',
  allegatiConZip: 'Con uno ZIP i file dei documenti vanno dentro lo ZIP, non negli allegati.',
  fileMancante: 'Seleziona il file da importare.',
  inAttesa: 'File ricevuto: importazione in coda.',
  inCorso: 'Importazione in corso.',
  applicata: 'Importazione completata.',
  rifiutata: 'File rifiutato.',
  verificata: 'Verifica completata: nulla è stato scritto.',
  sconosciuta: 'Importazione non trovata.',
} as const;

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

/** A run that has not ended: its report is read again until it has. */
export const importInCorso = (i: Pick<Importazione, 'stato'>) => i.stato === 'in_attesa' || i.stato === 'in_corso';

/** Errors shown with the report; the whole list (up to 10,000) is read with importazioni/errori, a page at a time. */
export const ERRORI_NEL_RAPPORTO = 200;
/** Largest page of importazioni/errori: the CSV download of the screen reads the list in pages this size. */
export const ERRORI_PAGINA_MAX = 1000;

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
