import type { Ordine } from '../../shared/ordini.js';
import type { PdfPreventivo } from '../../shared/preventivi.js';

/**
 * Every PDF the portal draws, by kind, with the data its drawing takes (plain data: it crosses to
 * the drawing thread by structured clone). A new kind (a quote, a return) is a key here and its
 * drawing function in pdf-thread.ts.
 */
export interface DatiPdf {
  /** The order as its one read model has it (shared/ordini.ts, ordini_letti). */
  ordine: Ordine;
  /** One version of a quote (server/preventivi/pdf-preventivo.ts). */
  preventivo: PdfPreventivo;
}
export type TipoPdf = keyof DatiPdf;
