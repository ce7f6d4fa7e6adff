import type { SituazioneContabile } from '../../shared/contabilita.js';
import { MSG_CONTABILITA } from '../../shared/contabilita-costanti.js';
import type { Esito } from '../../shared/common.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { leggiSituazione } from './situazione.queries.js';

/** A client's figures; 404 for an unknown client (the admin's client detail). */
export async function situazioneCliente(db: Db, clienteId: number): Promise<SituazioneContabile> {
  const s = await leggiSituazione(db.$client, clienteId);
  if (!s) throw notFound(MSG_CONTABILITA.clienteNonTrovato);
  return s;
}

/** Sets 'blocca oltre fido' (docs/regole/contabilita.md#block), recorded in the client's history when it changes. */
export async function impostaBlocco(db: Db, admin: AdminSessione, clienteId: number, blocca: boolean): Promise<Esito> {
  return inTransazione(db, async (tx) => {
    const [prima] = await tx.$client<{ blocca_oltre_fido: boolean }[]>`
      SELECT blocca_oltre_fido FROM clienti WHERE id = ${clienteId} FOR NO KEY UPDATE`;
    if (!prima) throw notFound(MSG_CONTABILITA.clienteNonTrovato);
    if (prima.blocca_oltre_fido !== blocca) {
      await tx.$client`UPDATE clienti SET blocca_oltre_fido = ${blocca} WHERE id = ${clienteId}`;
      await registraModifica(tx, admin, {
        azione: 'cliente.blocca_oltre_fido', entita: 'cliente', entitaId: clienteId, clienteId,
        dettagli: { blocca_oltre_fido: { prima: prima.blocca_oltre_fido, dopo: blocca } },
      });
    }
    return { status: 0, msg: MSG_CONTABILITA.bloccoSalvato };
  });
}

/** ordini/create's refusal past the credit line: thrown inside its transaction to roll the order back. */
export class OltreFido extends Error {
  constructor(readonly totale: number, readonly disponibile: number) {
    super('oltre fido');
  }
}

/** Whether the client's orders are refused past its credit line (set by the admin, with a line given). */
export async function haBloccoFido(db: Db, clienteId: number): Promise<boolean> {
  const r = await db.$client`SELECT 1 FROM clienti WHERE id = ${clienteId} AND blocca_oltre_fido AND fido IS NOT NULL`;
  return r.length > 0;
}

/**
 * Inside ordini/create's transaction, before crea_ordine: locks the client's row when it is set to
 * 'blocca oltre fido' (so a second order of the same client waits and then sees the first), and
 * returns the check to run after crea_ordine, or undefined when nothing is to be checked.
 */
export async function bloccoFido(tx: Db, clienteId: number): Promise<((totale: number) => Promise<void>) | undefined> {
  const [c] = await tx.$client<{ fido: number }[]>`
    SELECT fido::float8 AS fido FROM clienti WHERE id = ${clienteId} AND blocca_oltre_fido AND fido IS NOT NULL FOR NO KEY UPDATE`;
  if (!c) return undefined;
  return async (totale) => {
    // The new order is confirmed and not yet invoiced: already in the exposure.
    const s = await leggiSituazione(tx.$client, clienteId);
    if (s && s.esposizione > c.fido) throw new OltreFido(totale, Math.round((c.fido - s.esposizione + totale) * 100) / 100);
  };
}
