import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AzioneAudit, Modifica } from '../../shared/audit.js';
import type { Db } from '../db/client.js';
import { modificheAdmin } from '../db/schema/index.js';

/** What an admin changed: the action, the record, and the values (never a password). */
export interface NuovaModifica {
  /** One of the known actions, each with its words for 'Storico modifiche' (shared/audit.ts). */
  azione: AzioneAudit;
  entita: string;
  entitaId?: string | number;
  utenteId?: number;
  clienteId?: number;
  dettagli?: Record<string, unknown>;
}

/** Who made a change: an admin session gives it (audit sits below auth, which records changes too). */
export interface AutoreModifica {
  id: number;
  username: string;
}

/**
 * Records an admin's change. Pass the transaction of the change itself, so that the change and its
 * record commit together or not at all.
 */
export async function registraModifica(db: Db, admin: AutoreModifica, m: NuovaModifica): Promise<void> {
  await db.insert(modificheAdmin).values({
    adminId: admin.id,
    adminUsername: admin.username,
    azione: m.azione,
    entita: m.entita,
    entitaId: m.entitaId === undefined ? null : String(m.entitaId),
    utenteId: m.utenteId ?? null,
    clienteId: m.clienteId ?? null,
    dettagli: m.dettagli ?? {},
  });
}

/** The changes of a user, of a client, of one record (entita and its id), or all, newest first, one page and the total. */
export async function storicoModifiche(
  db: Db, f: { utenteId?: number; clienteId?: number; entita?: { tipo: string; id: string }; start: number; limit: number },
): Promise<{ modifiche: Modifica[]; totale: number }> {
  const where: SQL | undefined = and(
    f.utenteId === undefined ? undefined : eq(modificheAdmin.utenteId, f.utenteId),
    f.clienteId === undefined ? undefined : eq(modificheAdmin.clienteId, f.clienteId),
    f.entita === undefined ? undefined : and(eq(modificheAdmin.entita, f.entita.tipo), eq(modificheAdmin.entitaId, f.entita.id)),
  );
  const [rows, [tot]] = await Promise.all([
    db.select().from(modificheAdmin).where(where)
      .orderBy(desc(modificheAdmin.createdAt), desc(modificheAdmin.id)).limit(f.limit).offset(f.start),
    db.select({ n: count() }).from(modificheAdmin).where(where),
  ]);
  return {
    modifiche: rows.map((r) => ({
      id: r.id, created_at: r.createdAt.toISOString(), admin_username: r.adminUsername, azione: r.azione, entita: r.entita,
      entita_id: r.entitaId, utente_id: r.utenteId, cliente_id: r.clienteId, dettagli: r.dettagli as Record<string, unknown>,
    })),
    totale: tot?.n ?? 0,
  };
}
