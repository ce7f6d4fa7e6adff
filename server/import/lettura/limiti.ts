/**
 * How large a file may be once read: checked on what is actually inflated and parsed, never on the
 * sizes a zip declares, and each refused (OltreLimite) with an Italian reason (and the line where
 * there is one) before the file can take the memory or the time of its reader. The readers take
 * the limits as an argument: the import's by default, the quick order its own, far smaller
 * (server/ordine-rapido/righe.ts, docs/decisions/ordine-rapido-file-limiti.md).
 */
import { MB } from '../../../shared/upload.js';

export interface LimitiLettura {
  /** XLSX: bytes of the parts read (workbook, styles, shared strings, the sheet), inflated, together. */
  xlsxTotale: number;
  /** XLSX: bytes of one part, inflated. */
  xlsxParte: number;
  /** XLSX: entries of the zip. */
  xlsxParti: number;
  /** XLSX: texts of sharedStrings.xml. */
  testiCondivisi: number;
  /** Rows of the file, the header and empty rows included. */
  righe: number;
  /** Columns of a row (XLSX: the column's position, so a lone cell in column XFD counts as 16,384). */
  colonne: number;
  /** Characters of one cell. */
  caratteriCella: number;
}

/**
 * An import file's (docs/import.md 'Limiti'), read in a process of its own with a memory ceiling.
 * The largest real files are far below: 200,000 articoli are some 60 MB of CSV, the longest field
 * is descrizione2 (2,000 characters), listini has at most 100 columns (codice_prodotto, pz1…pz99).
 */
export const LIMITI_IMPORT = {
  /** XLSX: bytes of the parts read (workbook, styles, shared strings, the sheet), inflated, together. */
  xlsxTotale: 200 * MB,
  /** XLSX: bytes of one part, inflated. */
  xlsxParte: 150 * MB,
  /** XLSX: entries of the zip (an Excel workbook has a dozen). */
  xlsxParti: 1_000,
  /**
   * XLSX: texts of sharedStrings.xml. An articoli file of 200,000 products holds some 1.2 million
   * distinct ones (code, descriptions, EAN, supplier and article codes of each).
   */
  testiCondivisi: 5_000_000,
  /** Rows of the file, the header and empty rows included. */
  righe: 1_000_000,
  /** Columns of a row (XLSX: the column's position, so a lone cell in column XFD counts as 16,384). */
  colonne: 200,
  /** Characters of one cell. */
  caratteriCella: 10_000,
} as const satisfies LimitiLettura;

/**
 * XLSX: characters between two '<' of a part that the XML parser is given. Every text and every
 * attribute lies between two of them, so a run longer than this is a cell longer than any
 * allowed, refused before the parser holds it whole in memory.
 */
export const MAX_TESTO_XML = 1 * MB;

export const numero = (n: number) => n.toLocaleString('it-IT');
