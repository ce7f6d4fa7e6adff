import { and, asc, eq, inArray, sql as dsql } from 'drizzle-orm';
import type { BudgetRiga, BudgetUpsertRequest } from '../../shared/budget.js';
import { MSG_BUDGET } from '../../shared/budget-costanti.js';
import type { Esito } from '../../shared/common.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { budget, clienti } from '../db/schema/index.js';
import { badRequest, notFound } from '../lib/errors.js';

const MSG_CLIENTE = (id: number) => `Cliente ${id} non trovato.`;

async function assertCliente(db: Db, clienteId: number, lock = false): Promise<void> {
  const q = db.select({ id: clienti.id }).from(clienti).where(eq(clienti.id, clienteId));
  // Locked while the budgets are written, so that a client deleted meanwhile cannot turn into a 500.
  const rows = lock ? await q.for('share') : await q;
  if (rows.length === 0) throw notFound(MSG_CLIENTE(clienteId));
}

/**
 * A client's budgets by year and month (the unique index on client, year, month serves the
 * filter and the order). At most twelve rows per year of the client's history.
 */
export async function leggiBudget(db: Db, clienteId: number, anno?: number): Promise<BudgetRiga[]> {
  await assertCliente(db, clienteId);
  const rows = await db.select().from(budget)
    .where(and(eq(budget.clienteId, clienteId), anno === undefined ? undefined : eq(budget.anno, anno)))
    .orderBy(asc(budget.anno), asc(budget.mese));
  return rows.map((r) => ({ id: r.id, anno: r.anno, mese: r.mese, budget: Number(r.budget) }));
}

/**
 * Writes a client's budgets in one transaction: one row per client, year and month, so a row
 * without id for a month already stored updates it. An id, when given, must be that client's row
 * for that same month (the form sends back the ids it read); otherwise nothing is stored.
 */
export async function salvaBudget(db: Db, admin: AdminSessione, req: BudgetUpsertRequest): Promise<Esito> {
  return inTransazione(db, async (tx) => {
    await assertCliente(tx, req.cliente_id, true);
    const ids = req.budgets.flatMap((b) => (b.id ? [b.id] : []));
    if (ids.length) {
      const esistenti = await tx.select({ id: budget.id, anno: budget.anno, mese: budget.mese }).from(budget)
        .where(and(eq(budget.clienteId, req.cliente_id), inArray(budget.id, ids)));
      const perId = new Map(esistenti.map((r) => [r.id, r]));
      for (const b of req.budgets) {
        if (!b.id) continue;
        const r = perId.get(b.id);
        if (!r) throw notFound(`Budget ${b.id} non trovato per il cliente ${req.cliente_id}.`);
        if (r.anno !== b.anno || r.mese !== b.mese) {
          throw badRequest(`Il budget ${b.id} è del mese ${r.mese}/${r.anno}, non del ${b.mese}/${b.anno}.`);
        }
      }
    }
    await tx.insert(budget)
      .values(req.budgets.map((b) => ({ clienteId: req.cliente_id, anno: b.anno, mese: b.mese, budget: b.budget.toFixed(3) })))
      .onConflictDoUpdate({ target: [budget.clienteId, budget.anno, budget.mese], set: { budget: dsql`excluded.budget` } });
    await registraModifica(tx, admin, {
      azione: 'budget.salva', entita: 'budget', entitaId: req.cliente_id, clienteId: req.cliente_id,
      dettagli: { budgets: req.budgets.map(({ anno, mese, budget: importo }) => ({ anno, mese, budget: importo })) },
    });
    return { status: 0, msg: MSG_BUDGET.inseriti };
  });
}
