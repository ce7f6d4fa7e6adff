import type { z } from 'zod';
import type { OrdineErp, ordiniErpQuery } from '../../shared/erp.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { registraModifica } from '../audit/audit.service.js';
import { type Db, inTransazione } from '../db/client.js';

type Filtro = z.output<typeof ordiniErpQuery>;

/**
 * One page of orders with their ERP state, newest first. 'da_inviare' reads the partial index of
 * the orders not delivered (few rows); the other filters walk ordini_created_idx backwards.
 */
export async function ordiniErp(db: Db, f: Filtro): Promise<{ ordini: OrdineErp[]; totale: number }> {
  const sql = db.$client;
  // An order held for approval ('in_approvazione', docs/regole/organizzazione.md) is not the ERP's
  // until approved, and never listed here.
  const dove = f.stato === 'da_inviare'
    ? sql`erp_stato NOT IN ('inviato', 'precedente', 'non_configurato', 'in_approvazione')`
    : f.stato ? sql`erp_stato = ${f.stato}` : sql`erp_stato <> 'in_approvazione'`;
  const [ordini, [conta]] = await Promise.all([
    sql<OrdineErp[]>`
      SELECT id, iso_utc(created_at) AS created_at,
        cliente_codice, cliente_nome, utente_nome, totale::text AS totale, erp_stato, erp_tentativi, erp_errore,
        iso_utc(erp_inviato_at) AS erp_inviato_at
      FROM ordini WHERE ${dove}
      ORDER BY created_at DESC, id DESC LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini WHERE ${dove}`,
  ]);
  return { ordini, totale: conta!.n };
}

/**
 * Queues the order's export again (its job key replaces a waiting or failed job, attempts from
 * zero); the order shows 'in_attesa' until the job reports. Audited. False for an unknown order, or one
 * held for approval (not the ERP's until approved).
 */
export async function reinviaOrdine(db: Db, admin: AdminSessione, ordineId: number): Promise<boolean> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const [o] = await sql<{ erp_stato: string; cliente_id: number }[]>`
      UPDATE ordini n SET erp_stato = 'in_attesa', erp_errore = NULL
      FROM ordini o WHERE n.id = o.id AND o.id = ${ordineId} AND o.erp_stato <> 'in_approvazione'
      RETURNING o.erp_stato, n.cliente_id`;
    if (!o) return false;
    await sql`SELECT graphile_worker.add_job('esporta_ordine', json_build_object('id', ${ordineId}::int), max_attempts => 25, job_key => ${`erp:${ordineId}`})`;
    await registraModifica(tx, admin, {
      azione: 'ordine.reinvia_erp', entita: 'ordine', entitaId: ordineId, clienteId: o.cliente_id,
      dettagli: { stato_precedente: o.erp_stato },
    });
    return true;
  });
}
