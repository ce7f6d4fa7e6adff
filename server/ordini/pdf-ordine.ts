import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import type { Db } from '../db/client.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { leggiOrdine } from './storico.queries.js';

/**
 * ordini/pdf (docs/regole/ordini.md#order-pdf): the confirmation PDF of one of the user's orders for
 * the client, as `ordine-<id>.pdf`, read whole (leggiOrdine: another's order answers 404) and drawn in
 * the PDF thread (never on the event loop).
 */
export async function pdfOrdine(db: Db, utenteId: number, clienteId: number, ordineId: number): Promise<FileRisposta> {
  const o = await leggiOrdine(db, utenteId, clienteId, ordineId);
  return new FileRisposta(`ordine-${o.id}.pdf`, 'application/pdf', await disegnaPdf('ordine', o, 'richiesta'));
}
