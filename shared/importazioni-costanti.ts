/**
 * Imports (shared/importazioni.ts's calls) without zod: the kinds, states, limits and texts, for
 * the admin screen and the server alike.
 */
import { MB } from './upload.js';

/** The kinds of import file (docs/import.md). */
export const TIPI_IMPORT = [
  'articoli', 'listini', 'giacenze', 'clienti', 'prezzi_netti', 'categorie', 'codici_cliente', 'sconti', 'metel', 'fido', 'scadenze', 'documenti', 'agenti', 'provvigioni',
] as const;
export type TipoImport = (typeof TIPI_IMPORT)[number];

/** Each kind as the admin's screens name it: never the raw 'prezzi_netti'. */
export const ETICHETTE_TIPO_IMPORT: Record<TipoImport, string> = {
  articoli: 'Articoli', listini: 'Listini', giacenze: 'Giacenze', clienti: 'Clienti', prezzi_netti: 'Prezzi netti', categorie: 'Categorie',
  codici_cliente: 'Codici cliente', sconti: 'Sconti a cascata', metel: 'Listino Metel', fido: 'Fido clienti', scadenze: 'Scadenze',
  documenti: 'Documenti (DDT, fatture, note di credito)', agenti: 'Agenti (portafoglio clienti)',
  provvigioni: 'Provvigioni agenti',
};
/** A run's kind by its label; a kind this build does not know, as stored. */
export const etichettaTipoImport = (tipo: string): string =>
  (TIPI_IMPORT as readonly string[]).includes(tipo) ? ETICHETTE_TIPO_IMPORT[tipo as TipoImport] : tipo;

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
  soloMetel: 'Il listino Metel è il file di testo (.txt) a larghezza fissa del fornitore.',
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

/** A run that has not ended: its report is read again until it has. */
export const importInCorso = (i: { stato: StatoImport }) => i.stato === 'in_attesa' || i.stato === 'in_corso';

/**
 * A refused file's counts (new, changed, unchanged, withdrawn) are what its good rows would have
 * done, counted as a dry run counts them before the file was refused; a file refused before its
 * rows were counted (an unreadable header, a limit) has none. The command and the screen say so.
 */
export const conteggiIpotetici = (i: { stato: string; nuove: number; modificate: number; invariate: number; ritirate: number }) =>
  i.stato === 'rifiutata' && i.nuove + i.modificate + i.invariate + i.ritirate > 0;

/** Errors shown with the report; the whole list (up to 10,000) is read with importazioni/errori, a page at a time. */
export const ERRORI_NEL_RAPPORTO = 200;
/** Largest page of importazioni/errori: the CSV download of the screen reads the list in pages this size. */
export const ERRORI_PAGINA_MAX = 1000;
