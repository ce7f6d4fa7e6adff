import type { Ordine } from '../../shared/ordini.js';
import type { PdfPreventivo } from '../../shared/preventivi.js';
import type { PreventivoCliente } from '../../shared/preventivi-cliente.js';
import type { Reso } from '../../shared/resi.js';

/** What the RMA document draws: the return read whole, with the client's name. */
export type DatiReso = Reso & { cliente_ragione_sociale: string };

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
  /** An installer's quote to their end customer (server/preventivi-cliente/), with their header and logo (PNG). */
  preventivo_cliente: DatiPreventivoCliente;
}

export interface DatiPreventivoCliente {
  preventivo: PreventivoCliente;
  intestazione: { ragione_sociale: string; indirizzo: string; partita_iva: string };
  logo: Uint8Array | null;
}

export type TipoPdf = keyof DatiPdf;
