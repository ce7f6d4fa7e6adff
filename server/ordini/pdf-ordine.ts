import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import type { Db } from '../db/client.js';
import { ordine } from '../../shared/ordini.js';
import { MSG_ORDINE_SCONOSCIUTO } from '../../shared/ordini-costanti.js';
import { notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';

/**
 * ordini/pdf (docs/regole/ordini.md#order-pdf): the confirmation PDF of one of the user's orders for
 * the client, as `ordine-<id>.pdf`, read whole (ordini_letti) and drawn in the PDF thread (never on
 * the event loop). An order of another user or client answers 404 as one that does not exist, with the same message.
 */
export async function pdfOrdine(db: Db, utenteId: number, clienteId: number, ordineId: number): Promise<FileRisposta> {
  const [r] = await db.$client<{ ordine: unknown }[]>`
    SELECT ordine FROM ordini_letti(ARRAY(
      SELECT o.id FROM ordini o WHERE o.id = ${ordineId} AND o.utente_id = ${utenteId} AND o.cliente_id = ${clienteId}))`;
  if (!r) throw notFound(MSG_ORDINE_SCONOSCIUTO);
  const o = ordine.parse(r.ordine);
  return new FileRisposta(`ordine-${o.id}.pdf`, 'application/pdf', await disegnaPdf('ordine', o, 'richiesta'));
}
