import { numeroIt } from './formato.js';
import { MAX_QUANTITA_RIGA, MAX_RIGHE_ORDINE } from './ordini-costanti.js';

/**
 * The limits of a cart kept on the server (docs/regole/ordini.md#cart): as many lines as an order
 * may carry, and a quantity no order would refuse as too large (server/ordini/quantita.ts).
 */
export const LIMITI_CARRELLO = { righe: MAX_RIGHE_ORDINE, quantita: MAX_QUANTITA_RIGA } as const;

/** Texts of the cart's calls. */
export const MSG_CARRELLO = {
  troppeRighe: `Al massimo ${LIMITI_CARRELLO.righe} righe nel carrello.`,
  quantita: `La quantità deve essere un numero intero da 1 a ${numeroIt(LIMITI_CARRELLO.quantita, 0, 0)}.`,
  ripetuto: (codice: string) => `Il prodotto ${codice} compare più di una volta.`,
  sconosciuti: (codici: string[]) => `Prodotti non trovati nel catalogo: ${codici.join(', ')}.`,
} as const;
