import { numeroIt } from './formato.js';
import { MB } from './upload.js';

/**
 * Bounds of one quick order (docs/regole/ordine-rapido.md#bounds): refused whole beyond them, never
 * cut. A line is a code and its quantity: one longer than maxCaratteriRiga is answered as too long
 * before it is split.
 */
export const ORDINE_RAPIDO = { maxRighe: 5_000, maxByte: 500 * 1024, maxFileBytes: 5 * MB, maxCaratteriRiga: 200 } as const;

/** The quick order's refusals (ordine-rapido/risolvi's and ordine-rapido/file's, and the page's first check of a file). */
export const MSG_ORDINE_RAPIDO = {
  troppeRighe: `Al massimo ${numeroIt(ORDINE_RAPIDO.maxRighe, 0, 0, 'da5')} righe per ordine rapido: dividi l'elenco in più parti.`,
  troppoLungo: `Il testo supera ${ORDINE_RAPIDO.maxByte / 1024} kB: dividi l'elenco in più parti.`,
  vuoto: 'Incolla almeno una riga nel formato: codice quantità.',
  soloCsvXlsx: 'Carica un file CSV o XLSX (Excel).',
  /** Followed by the reader's reason: 'il file XLSX contiene più di 50.000 testi distinti …'. */
  fileTroppoGrande: "File troppo grande per l'ordine rapido: ",
  rigaTroppoLunga: (caratteri: number) =>
    `Riga troppo lunga (${numeroIt(caratteri, 0, 0)} caratteri): codice e quantità stanno in ${ORDINE_RAPIDO.maxCaratteriRiga} caratteri.`,
} as const;
