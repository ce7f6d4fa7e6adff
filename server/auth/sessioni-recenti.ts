import { type Ascoltatore, Cache, CACHE } from '../lib/cache.js';
import type { UtenteSessione } from './utente-sessione.js';

/**
 * Customer sessions looked up in the last few seconds, by token hash (the cache 'sessioni' of
 * server/lib/cache.ts). Opening a page costs the browser several calls, and a database round trip
 * per call for the same session was a third of a product page's cost. Whatever can end or change a
 * session (logout, a disabled login, a revoked device, the user's clients, a client's price list or
 * discount) makes Postgres notify the channel 'sessioni' (triggers of migration 0007 calling
 * server/auth/sql/notifica_sessioni.sql), and every process forgets everything at once. The TTL
 * bounds what a lost notice could leave behind, and (re)connecting the listener also starts afresh.
 * Admin sessions are not kept: their calls are few.
 */
export class SessioniRecenti implements Ascoltatore {
  readonly canale = CACHE.sessioni.canale;
  private readonly cache = new Cache<string, UtenteSessione>('sessioni');

  get(tokenHash: string): UtenteSessione | undefined {
    return this.cache.get(tokenHash);
  }

  /** Marks the start of a session look-up, for set(). */
  lettura(): number {
    return this.cache.lettura();
  }

  /**
   * Keeps a valid session read since `lettura` (unless a notice came meanwhile) for the cache's TTL,
   * or until its end if sooner (expiry or idle limit: `scade` of utenteDellaSessione).
   */
  set(lettura: number, tokenHash: string, utente: UtenteSessione, expiresAt: number): void {
    // Shared by every call of the session from now on: frozen, so that no handler can change it.
    for (const c of utente.clienti) Object.freeze(c);
    Object.freeze(utente.clienti);
    this.cache.salva(lettura, tokenHash, Object.freeze(utente), expiresAt - Date.now());
  }

  forget(tokenHash: string): void {
    this.cache.forget([tokenHash]);
  }

  /** Forgets every session (a notice; a device revoked by this process). */
  svuota(): void {
    this.cache.clear();
  }
}
