import type { ErroreImport } from '../../../shared/importazioni.js';
import { fileCsv } from '../../../shared/csv.js';

/** The refused rows of a run as the screen's CSV download: the values as the file had them, neutralised by the CSV writer. */
export const erroriCsv = (errori: readonly ErroreImport[]): string =>
  fileCsv(['riga', 'colonna', 'valore', 'motivo'], errori.map((e) => [e.riga, e.colonna, e.valore, e.messaggio]));
