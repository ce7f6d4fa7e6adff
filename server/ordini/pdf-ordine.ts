import { ordinePdf } from '../pdf/ordine-pdf.js';
import { ordinePerPdf } from '../pdf/ordine-pdf.queries.js';
import type { Db } from '../db/client.js';
import { forbidden, notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';

/**
 * ordini/pdf (docs/regole/ordini.md#order-pdf): the confirmation PDF of one of the user's orders for
 * the client, streamed as `ordine-<id>.pdf`. An order of another user or client is refused (403),
 * one that does not exist 404.
 */
export async function pdfOrdine(db: Db, utenteId: number, clienteId: number, ordineId: number): Promise<FileRisposta> {
  const o = await ordinePerPdf(db, ordineId);
  if (!o) throw notFound(`Ordine #${ordineId} non trovato.`);
  if (o.utenteId !== utenteId || o.clienteId !== clienteId) throw forbidden(`L'ordine #${ordineId} non è tuo: non puoi scaricarlo.`);
  return new FileRisposta(`ordine-${o.id}.pdf`, 'application/pdf', ordinePdf(o));
}
