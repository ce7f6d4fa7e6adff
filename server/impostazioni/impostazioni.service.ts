import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { impostazioni } from '../db/schema/index.js';

export const CHIAVI = ['manutenzione', 'approvazione_dispositivi'] as const;
export type Chiave = (typeof CHIAVI)[number];

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

  /** Writes a switch (in the caller's transaction when given; then forget() if it rolls back). */
  async set(chiave: Chiave, value: boolean, db: DbOrTx = this.db): Promise<boolean> {
    await db.insert(impostazioni).values({ chiave, valore: value ? '1' : '0' })
      .onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: value ? '1' : '0', updatedAt: sql`now()` } });
    this.cache.set(chiave, { value, at: Date.now() });
    return value;
  }

  /** Both switches as stored now (the admin page reads them fresh), remembered as the cache. */
  async leggiTutte(db: DbOrTx = this.db): Promise<Record<Chiave, boolean>> {
    const rows = await db.select().from(impostazioni).where(inArray(impostazioni.chiave, CHIAVI));
    const at = Date.now();
    const out = Object.fromEntries(CHIAVI.map((k) => [k, rows.find((r) => r.chiave === k)?.valore === '1'])) as Record<Chiave, boolean>;
    for (const k of CHIAVI) this.cache.set(k, { value: out[k], at });
    return out;
  }

  /** Forgets what this process remembers (a transaction that wrote a switch was rolled back). */
  forget(): void {
    this.cache.clear();
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
