import type { Ordine } from '../../shared/ordini.js';
import type { PreventivoCliente } from '../../shared/preventivi-cliente.js';

/**
 * Every PDF the portal draws, by kind, with the data its drawing takes (plain data: it crosses to
 * the drawing thread by structured clone). A new kind (a quote, a return) is a key here and its
 * drawing function in pdf-thread.ts.
 */
export interface DatiPdf {
  /** The order as its one read model has it (shared/ordini.ts, ordini_letti). */
  ordine: Ordine;
  /** An installer's quote to their end customer (server/preventivi-cliente/), with their header and logo (PNG). */
  preventivo_cliente: DatiPreventivoCliente;
}

export interface DatiPreventivoCliente {
  preventivo: PreventivoCliente;
  intestazione: { ragione_sociale: string; indirizzo: string; partita_iva: string };
  logo: Uint8Array | null;
}
export type TipoPdf = keyof DatiPdf;
