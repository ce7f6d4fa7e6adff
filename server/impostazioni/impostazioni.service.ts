import { eq, inArray, sql } from 'drizzle-orm';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/session-user.js';
import { type Db, inTransazione } from '../db/client.js';
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

  constructor(private readonly db: Db) {}

  async get(chiave: Chiave): Promise<boolean> {
    const hit = this.cache.get(chiave);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const rows = await this.db.select({ valore: impostazioni.valore }).from(impostazioni).where(eq(impostazioni.chiave, chiave));
    const value = rows[0]?.valore === '1';
    this.cache.set(chiave, { value, at: Date.now() });
    return value;
  }

  /** Writes a switch (in the caller's transaction when given; then forget() if it rolls back). */
  async set(chiave: Chiave, value: boolean, db: Db = this.db): Promise<boolean> {
    await db.insert(impostazioni).values({ chiave, valore: value ? '1' : '0' })
      .onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: value ? '1' : '0', updatedAt: sql`now()` } });
    this.cache.set(chiave, { value, at: Date.now() });
    return value;
  }

  /** Both switches as stored now (the admin page reads them fresh), remembered as the cache. */
  async leggiTutte(db: Db = this.db): Promise<Record<Chiave, boolean>> {
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
  async toggle(chiave: Chiave, db: Db = this.db): Promise<boolean> {
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

/** manutenzione/cambia: flips maintenance with its audit record in one transaction; the new value. */
export async function cambiaManutenzione(db: Db, imp: Impostazioni, admin: AdminSessione): Promise<boolean> {
  return inTransazione(db, async (tx) => {
    const manutenzione = (await imp.toggle('manutenzione', tx)) ? 1 : 0;
    await registraModifica(tx, admin, { azione: 'manutenzione.cambia', entita: 'impostazioni', entitaId: 'manutenzione', dettagli: { manutenzione } });
    return manutenzione === 1;
  });
}

/** impostazioni/update: the switches given, with their audit record; both switches as stored after. */
export async function aggiornaImpostazioni(
  db: Db, imp: Impostazioni, admin: AdminSessione, cambi: Partial<Record<Chiave, 0 | 1>>,
): Promise<Record<Chiave, boolean>> {
  try {
    return await inTransazione(db, async (tx) => {
      for (const [k, v] of Object.entries(cambi) as [Chiave, 0 | 1][]) await imp.set(k, v === 1, tx);
      await registraModifica(tx, admin, { azione: 'impostazioni.aggiorna', entita: 'impostazioni', dettagli: cambi });
      return imp.leggiTutte(tx);
    });
  } catch (err) {
    // set() remembered values that were not committed.
    imp.forget();
    throw err;
  }
}
