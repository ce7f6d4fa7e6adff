import { eq, inArray, sql as dsql } from 'drizzle-orm';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { impostazioni } from '../db/schema/index.js';
import { type Ascoltatore, Cache, CACHE } from '../lib/cache.js';
import { GIORNI_APPROVAZIONE_PREDEFINITI } from '../../shared/organizzazione-costanti.js';

export const CHIAVI = ['manutenzione', 'approvazione_dispositivi'] as const;
export type Chiave = (typeof CHIAVI)[number];

/**
 * Switches read on every customer call. A short cache keeps that off the database (the cache
 * 'impostazioni' of server/lib/cache.ts). Every write of the table, the app's or not (an operator's
 * UPDATE), notifies the channel 'impostazioni' at its commit (trigger impostazioni_notifica,
 * server/impostazioni/sql/notifica_impostazioni.sql), and every process forgets; the process that
 * wrote also forgets at once, and again once the caller's transaction has ended (svuota), so that it
 * never answers a value that was not committed.
 */
export class Impostazioni implements Ascoltatore {
  readonly canale = CACHE.impostazioni.canale;
  private readonly cache = new Cache<Chiave, boolean>('impostazioni');

  constructor(private readonly db: Db) {}

  async get(chiave: Chiave): Promise<boolean> {
    return this.cache.ricorda(chiave, async () => {
      const rows = await this.db.select({ valore: impostazioni.valore }).from(impostazioni).where(eq(impostazioni.chiave, chiave));
      return rows[0]?.valore === '1';
    });
  }

  /** Writes a switch (in the caller's transaction when given: then svuota() once it has ended). */
  async set(chiave: Chiave, value: boolean, db: Db = this.db): Promise<boolean> {
    await db.insert(impostazioni).values({ chiave, valore: value ? '1' : '0' })
      .onConflictDoUpdate({ target: impostazioni.chiave, set: { valore: value ? '1' : '0', updatedAt: dsql`now()` } });
    this.svuota();
    return value;
  }

  /** Both switches as stored now (the admin page reads them fresh), remembered as the cache. */
  async leggiTutte(db: Db = this.db): Promise<Record<Chiave, boolean>> {
    const lettura = this.cache.lettura();
    const rows = await db.select().from(impostazioni).where(inArray(impostazioni.chiave, CHIAVI));
    const out = Object.fromEntries(CHIAVI.map((k) => [k, rows.find((r) => r.chiave === k)?.valore === '1'])) as Record<Chiave, boolean>;
    for (const k of CHIAVI) this.cache.salva(lettura, k, out[k]);
    return out;
  }

  /** Forgets what this process remembers (a notice; a transaction that wrote a switch has ended). */
  svuota(): void {
    this.cache.clear();
  }

  /** Flips a switch atomically and returns the new value (in the caller's transaction when given: then svuota() once it has ended). */
  async toggle(chiave: Chiave, db: Db = this.db): Promise<boolean> {
    const rows = await db.insert(impostazioni).values({ chiave, valore: '1' })
      .onConflictDoUpdate({
        target: impostazioni.chiave,
        set: { valore: dsql`CASE WHEN ${impostazioni.valore} = '1' THEN '0' ELSE '1' END`, updatedAt: dsql`now()` },
      })
      .returning({ valore: impostazioni.valore });
    this.svuota();
    return rows[0]?.valore === '1';
  }
}

/**
 * How many days an order held for approval waits (docs/regole/organizzazione.md#limits-and-approvals):
 * the row 'giorni_approvazione', GIORNI_APPROVAZIONE_PREDEFINITI without one. crea_ordine reads the
 * same row when it holds an order.
 */
export async function giorniApprovazione(db: Db): Promise<number> {
  const [r] = await db.$client<{ valore: string }[]>`SELECT valore FROM impostazioni WHERE chiave = 'giorni_approvazione'`;
  const n = Number(r?.valore);
  return Number.isInteger(n) && n >= 1 ? n : GIORNI_APPROVAZIONE_PREDEFINITI;
}

/** impostazioni/update: the switches (and the days of an approval) given, with their audit record; both switches as stored after. */
export async function aggiornaImpostazioni(
  db: Db, imp: Impostazioni, admin: AdminSessione, cambi: Partial<Record<Chiave, 0 | 1>>, giorni?: number,
): Promise<Record<Chiave, boolean>> {
  try {
    await inTransazione(db, async (tx) => {
      for (const [k, v] of Object.entries(cambi) as [Chiave, 0 | 1][]) await imp.set(k, v === 1, tx);
      if (giorni !== undefined) {
        await tx.$client`
          INSERT INTO impostazioni (chiave, valore) VALUES ('giorni_approvazione', ${String(giorni)})
          ON CONFLICT (chiave) DO UPDATE SET valore = EXCLUDED.valore, updated_at = now()`;
      }
      await registraModifica(tx, admin, {
        azione: 'impostazioni.aggiorna', entita: 'impostazioni', dettagli: { ...cambi, ...(giorni !== undefined ? { giorni_approvazione: giorni } : {}) },
      });
    });
  } finally {
    // Reads while the transaction ran may have kept the values before it: forgotten once it has ended.
    imp.svuota();
  }
  return imp.leggiTutte(db);
}
