import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { impostazioni } from '../db/schema/index.js';

export type Chiave = 'manutenzione' | 'approvazione_dispositivi';

/**
 * Switches read on every customer call. A short cache keeps that off the database; one
 * process sees its own changes at once, other processes within CACHE_MS.
 */
const CACHE_MS = 2000;

export class Impostazioni {
  private cache = new Map<Chiave, { value: boolean; at: number }>();

  constructor(private readonly db: DbOrTx) {}

  async get(chiave: Chiave): Promise<boolean> {
    const hit = this.cache.get(chiave);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const rows = await this.db.select({ valore: impostazioni.valore }).from(impostazioni).where(eq(impostazioni.chiave, chiave));
    const value = rows[0]?.valore === '1';
    this.cache.set(chiave, { value, at: Date.now() });
    return value;
  }

  async set(chiave: Chiave, value: boolean): Promise<boolean> {
    await this.db.insert(impostazioni).values({ chiave, valore: value ? '1' : '0' })
      .onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: value ? '1' : '0', updatedAt: sql`now()` } });
    this.cache.set(chiave, { value, at: Date.now() });
    return value;
  }

  /** Flips a switch atomically and returns the new value (in the caller's transaction when given). */
  async toggle(chiave: Chiave, db: DbOrTx = this.db): Promise<boolean> {
    const rows = await db.insert(impostazioni).values({ chiave, valore: '1' })
      .onConflictDoUpdate({
        target: impostazioni.chiave,
        set: { valore: sql`CASE WHEN ${impostazioni.valore} = '1' THEN '0' ELSE '1' END`, updatedAt: sql`now()` },
      })
      .returning({ valore: impostazioni.valore });
    const value = rows[0]?.valore === '1';
    this.cache.set(chiave, { value, at: Date.now() });
    return value;
  }
}
