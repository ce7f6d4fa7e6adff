import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import type { Db } from '../db/client.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { leggiOrdine } from './storico.queries.js';
import type { VistaOrdini } from './vista.js';

/**
 * ordini/pdf (docs/regole/ordini.md#order-pdf): the confirmation PDF of an order the person sees, as
 * `ordine-<id>.pdf`, read whole (leggiOrdine: an order they may not see answers 404) and drawn in
 * the PDF thread (never on the event loop).
 */
export async function pdfOrdine(db: Db, v: VistaOrdini, ordineId: number): Promise<FileRisposta> {
  const o = await leggiOrdine(db, v, ordineId);
  return new FileRisposta(`ordine-${o.id}.pdf`, 'application/pdf', await disegnaPdf('ordine', o, 'richiesta'));
}
