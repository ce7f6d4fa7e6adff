/** What the readers of import files hand on. */
import type { Codifica } from './codifica.js';

/** A cell as read: text from CSV; text, number or date from XLSX. */
export type Cella = string | number | Date;

/** One row of the file; `riga` is the line (CSV) or row (XLSX) number the user sees. */
export interface RigaGrezza {
  riga: number;
  valori: Cella[];
}

/** What reading found out about the file, for the report. */
export interface FormatoLetto {
  formato?: 'csv' | 'xlsx' | 'metel';
  /** CSV only: undefined for a file of plain ASCII (both encodings read it alike). */
  codifica?: Codifica;
  separatore?: string;
  /** Metel only: the layout its header names (020, 021), when it names one. */
  layout?: string;
}

/** A file that cannot be read at all: refused whole, with this Italian reason. */
export class FileNonValido extends Error {}

/** A file beyond one of its reader's limits (limiti.ts): refused as any unreadable file; a caller may say so in its own words. */
export class OltreLimite extends FileNonValido {}

/** How far reading has gone, for progress: bytes of the file (CSV) or of the sheet's compressed part (XLSX). */
export interface Progresso {
  letti: number;
  totale: number;
}
