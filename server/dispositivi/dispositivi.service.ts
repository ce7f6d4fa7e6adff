import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import { MSG_DISPOSITIVI, type Dispositivo } from '../../shared/dispositivi.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { dispositivi, sessioni, utenti } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';

type Riga = typeof dispositivi.$inferSelect & { nome: string; cognome: string };

function toDispositivo(r: Riga): Dispositivo {
  const ratio = r.pixelRatio === '' ? NaN : Number(r.pixelRatio);
  return {
    id: r.id, user_id: r.utenteId, utente_nome: r.nome, utente_cognome: r.cognome, platform: r.platform,
    user_agent: r.userAgent, ip: r.ip, fingerprint: r.fingerprint, cookie_enabled: r.cookieEnabled ? 1 : 0,
    screen_resolution: r.screenResolution, color_depth: r.colorDepth, pixel_ratio: Number.isFinite(ratio) ? ratio : null,
    language: r.language, timezone: r.timezone, authorized: r.authorized === 1 ? 1 : 0,
    created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * One page of devices with their user's name, newest first (by id: the primary key orders it),
 * and how many there are in all; only a user's when utenteId is given (its unique index serves).
 */
async function pagina(db: Db, p: { utenteId?: number; start: number; limit: number }) {
  const where = p.utenteId === undefined ? undefined : eq(dispositivi.utenteId, p.utenteId);
  const [rows, [tot]] = await Promise.all([
    db.select({ ...getTableColumns(dispositivi), nome: utenti.nome, cognome: utenti.cognome })
      .from(dispositivi).innerJoin(utenti, eq(utenti.id, dispositivi.utenteId))
      .where(where).orderBy(desc(dispositivi.id)).limit(p.limit).offset(p.start),
    db.select({ n: count() }).from(dispositivi).where(where),
  ]);
  return { devices: rows.map(toDispositivo), totale: tot?.n ?? 0 };
}

export const tuttiDispositivi = (db: Db, p: { start: number; limit: number }) => pagina(db, p);

export async function dispositiviUtente(db: Db, p: { utenteId: number; start: number; limit: number }) {
  const [u] = await db.select({ id: utenti.id }).from(utenti).where(eq(utenti.id, p.utenteId));
  if (!u) throw notFound(`Utente ${p.utenteId} non trovato.`);
  return pagina(db, p);
}

export interface ChiaveDispositivo { user_id: number; fingerprint: string; ip?: string }

/**
 * Authorises (1) or disables (0) a device, audited in the same transaction. Disabling also deletes
 * the sessions opened from it: the trigger on sessioni (and on dispositivi.authorized) notifies
 * every server process, which forgets the sessions it remembered; a later 'Abilita' does not bring
 * them back.
 */
export async function impostaAutorizzazione(
  db: Db, admin: AdminSessione, d: ChiaveDispositivo, authorized: 0 | 1,
): Promise<{ status: string; msg: string }> {
  return inTransazione(db, async (tx) => {
    const [row] = await tx.update(dispositivi).set({ authorized, updatedAt: new Date() })
      .where(and(eq(dispositivi.utenteId, d.user_id), eq(dispositivi.fingerprint, d.fingerprint)))
      .returning({ id: dispositivi.id });
    if (!row) throw notFound('Dispositivo non trovato.');
    const chiuse = authorized === 0
      ? (await tx.delete(sessioni).where(eq(sessioni.dispositivoId, row.id)).returning({ t: sessioni.tokenHash })).length
      : 0;
    await registraModifica(tx, admin, {
      azione: authorized ? 'dispositivo.autorizza' : 'dispositivo.disabilita', entita: 'dispositivo', entitaId: row.id,
      utenteId: d.user_id,
      dettagli: { fingerprint: d.fingerprint, ...(d.ip ? { ip: d.ip } : {}), ...(authorized ? {} : { sessioni_chiuse: chiuse }) },
    });
    return { status: '0', msg: authorized ? MSG_DISPOSITIVI.autorizzato : MSG_DISPOSITIVI.disabilitato };
  });
}
