import { eq, sql as dsql } from 'drizzle-orm';
import type { BrowserInfo } from '../../shared/accesso.js';
import { registraModifica } from '../audit/audit.service.js';
import { type Db, inTransazione } from '../db/client.js';
import { dispositivi } from '../db/schema/index.js';
import { cancellaTentativi } from './limiti-login.js';
import type { AdminSessione } from './utente-sessione.js';

export interface DispositivoLogin {
  fingerprint: string;
  ip: string;
  screen_resolution?: string;
  timezone?: string;
  language?: string;
  platform?: string;
  browserInfo?: BrowserInfo;
}

/**
 * Records the device of a customer login (docs/regole/accesso.md#devices) and returns whether it may log in.
 * A new device starts authorised unless device approval is on; a known device keeps its state.
 */
export async function registraDispositivo(
  db: Db, utenteId: number, d: DispositivoLogin, approvalRequired: boolean,
): Promise<{ id: number; authorized: boolean }> {
  const b = d.browserInfo ?? {};
  const values = {
    utenteId,
    fingerprint: d.fingerprint.toLowerCase(),
    ip: d.ip,
    platform: d.platform ?? b.platform ?? '',
    userAgent: b.userAgent ?? '',
    cookieEnabled: b.cookieEnabled ?? true,
    screenResolution: d.screen_resolution ?? (b.screenWidth && b.screenHeight ? `${b.screenWidth}x${b.screenHeight}` : ''),
    colorDepth: b.colorDepth ?? null,
    pixelRatio: b.pixelRatio !== undefined ? String(b.pixelRatio) : '',
    language: d.language ?? b.language ?? '',
    timezone: d.timezone ?? b.timeZone ?? '',
    authorized: approvalRequired ? 0 : 1,
  };
  const { authorized: _initial, utenteId: _u, fingerprint: _f, ...details } = values;
  const [row] = await db.insert(dispositivi).values(values)
    .onConflictDoUpdate({
      target: [dispositivi.utenteId, dispositivi.fingerprint],
      set: { ...details, updatedAt: dsql`now()` },
    })
    .returning({ id: dispositivi.id, authorized: dispositivi.authorized });
  return { id: row!.id, authorized: row!.authorized === 1 };
}

/** 'Cancella lista di attesa': the devices not authorised are deleted (with their sessions, by cascade). */
export async function cancellaDispositiviInAttesa(db: Db): Promise<number> {
  const rows = await db.delete(dispositivi).where(eq(dispositivi.authorized, 0)).returning({ id: dispositivi.id });
  return rows.length;
}

/**
 * login_attempts/delete_all: the devices' waiting list and every failed login go, with the audit
 * record of how many, in one transaction.
 */
export async function cancellaListaAttesa(db: Db, admin: AdminSessione): Promise<void> {
  await inTransazione(db, async (tx) => {
    const dispositivi = await cancellaDispositiviInAttesa(tx);
    const tentativi = await cancellaTentativi(tx);
    await registraModifica(tx, admin, {
      azione: 'lista_attesa.cancella', entita: 'dispositivo', dettagli: { dispositivi_eliminati: dispositivi, tentativi_eliminati: tentativi },
    });
  });
}
