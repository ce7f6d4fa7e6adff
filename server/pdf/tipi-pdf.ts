import type { Ordine } from '../../shared/ordini.js';
import type { Reso } from '../../shared/resi.js';

/** What the RMA document draws: the return read whole, with the client's name. */
export type DatiReso = Reso & { cliente_ragione_sociale: string };
import type { PdfPreventivo } from '../../shared/preventivi.js';

/**
 * Every PDF the portal draws, by kind, with the data its drawing takes (plain data: it crosses to
 * the drawing thread by structured clone). A new kind (a quote, a return) is a key here and its
 * drawing function in pdf-thread.ts.
 */
export interface DatiPdf {
  /** The order as its one read model has it (shared/ordini.ts, ordini_letti). */
  ordine: Ordine;
  /** A return's RMA document (issue 39). */
  reso: DatiReso;
  /** One version of a quote (server/preventivi/pdf-preventivo.ts). */
  preventivo: PdfPreventivo;
}
export type TipoPdf = keyof DatiPdf;
