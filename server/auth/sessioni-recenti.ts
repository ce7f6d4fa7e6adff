import type { Sql } from '../db/client.js';
import type { UtenteSessione } from './utente-sessione.js';

/**
 * Customer sessions looked up in the last few seconds, by token hash. Opening a page costs the
 * browser several calls, and a database round trip per call for the same session was a third of
 * a product page's cost. Whatever can end or change a session (logout, a disabled login, a revoked
 * device, the user's clients, a client's price list or discount) makes Postgres notify the channel
 * 'sessioni' (triggers of migration 0007 calling server/auth/sql/notifica_sessioni.sql), and
 * every process forgets everything at once. TTL_MS bounds what a lost notice could leave behind,
 * and (re)connecting the listener also starts afresh.
 * Admin sessions are not kept: their calls are few.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

export class SessioniRecenti {
  private readonly map = new Map<string, { utente: UtenteSessione; until: number }>();

  get(tokenHash: string): UtenteSessione | undefined {
    const hit = this.map.get(tokenHash);
    if (!hit) return undefined;
    if (Date.now() < hit.until) return hit.utente;
    this.map.delete(tokenHash);
    return undefined;
  }

  /** Keeps a valid session until TTL_MS from now, or its end if sooner (expiry or idle limit: `scade` of utenteDellaSessione). */
  set(tokenHash: string, utente: UtenteSessione, expiresAt: number): void {
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    // Shared by every call of the session from now on: frozen, so that no handler can change it.
    for (const c of utente.clienti) Object.freeze(c);
    Object.freeze(utente.clienti);
    this.map.set(tokenHash, { utente: Object.freeze(utente), until: Math.min(Date.now() + TTL_MS, expiresAt) });
  }

  forget(tokenHash: string): void {
    this.map.delete(tokenHash);
  }

  clear(): void {
    this.map.clear();
  }

  /**
   * Follows the database's notices; resolves once listening. When the listening connection drops
   * (Postgres restarted or gone), postgres.js issues LISTEN again after each failed try, pausing as
   * the pool does (server/db/client.ts), without throwing or logging; every LISTEN that succeeds
   * calls the second callback, which forgets everything, since notices sent meanwhile were lost.
   * After an outage that can happen a few times in a row (one queued LISTEN per failed try): a
   * cleared cache costs one session query per session.
   */
  async listen(sql: Sql): Promise<void> {
    await sql.listen('sessioni', () => this.clear(), () => this.clear());
  }
}
