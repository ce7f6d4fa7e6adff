import { LRUCache } from 'lru-cache';
import type postgres from 'postgres';

/**
 * Every in-process cache of the server, by name: how many entries it keeps (the least recently
 * used go first), how long an entry lives, and the Postgres channel whose notices empty it.
 * Whatever changes what a cache holds notifies its channel in the change's own transaction (a
 * trigger, or notifica_catalogo), and every process forgets at its commit (`ascolta`); the TTL only
 * bounds what a lost notice could leave behind. Each cache is created once per process, by the
 * domain object that owns it, reached through app.deps. What notifies each one, and the rest of a
 * process's state: docs/decisions/cache-tra-processi.md.
 */
export const CACHE = {
  /** Customer sessions by token hash (server/auth/sessioni-recenti.ts; notices from triggers, migration 0007). */
  sessioni: { max: 20_000, ttlMs: 10_000, canale: 'sessioni' },
  /** The switches read on every customer call (server/impostazioni/impostazioni.service.ts; notices from a trigger, migration 0031). */
  impostazioni: { max: 8, ttlMs: 2_000, canale: 'impostazioni' },
  /** Product descriptions as JSON bytes, about 1.5 kB each: at most ~45 MB (server/catalogo/). */
  descrizioni: { max: 30_000, ttlMs: 60_000, canale: 'catalogo' },
  /** Browse lists' pages of ids and their totals, by list, emptied together so that they agree. */
  pagineElenchi: { max: 5_000, ttlMs: 30_000, canale: 'catalogo' },
  totaliElenchi: { max: 5_000, ttlMs: 30_000, canale: 'catalogo' },
  /** The codes of the visible categories, one map. */
  codiciCategorie: { max: 1, ttlMs: 60_000, canale: 'catalogo' },
} as const satisfies Record<string, { max: number; ttlMs: number; canale: string }>;

export type NomeCache = keyof typeof CACHE;
export type Canale = (typeof CACHE)[NomeCache]['canale'];

/**
 * One cache of CACHE: a bounded LRU map (lru-cache) whose entries expire after the cache's TTL.
 * A value read from the database while the cache forgets something may be what was there before
 * the change: a read notes `lettura()` before it starts and stores with `salva(lettura, …)`,
 * which keeps nothing if the cache forgot anything meanwhile (`ricorda` does both).
 */
export class Cache<K extends string | number, V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<K, V>;
  private generazione = 0;

  constructor(readonly nome: NomeCache) {
    const { max, ttlMs } = CACHE[nome];
    this.lru = new LRUCache<K, V>({ max, ttl: ttlMs });
  }

  get(key: K): V | undefined {
    return this.lru.get(key);
  }

  /** Marks the start of a read, for salva(). */
  lettura(): number {
    return this.generazione;
  }

  /** Keeps a value read since `lettura`, unless the cache forgot anything meanwhile; `ttlMs` shortens its life. */
  salva(lettura: number, key: K, value: V, ttlMs?: number): void {
    if (lettura !== this.generazione) return;
    if (ttlMs === undefined) this.lru.set(key, value);
    else if (ttlMs > 0) this.lru.set(key, value, { ttl: Math.min(ttlMs, CACHE[this.nome].ttlMs) });
  }

  /** The cached value, or the one `load` reads (kept as salva keeps it). */
  async ricorda(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.lru.get(key);
    if (hit !== undefined) return hit;
    const lettura = this.generazione;
    const value = await load();
    this.salva(lettura, key, value);
    return value;
  }

  /** Forgets some keys; reads under way keep nothing. */
  forget(keys: Iterable<K>): void {
    this.generazione++;
    for (const k of keys) this.lru.delete(k);
  }

  clear(): void {
    this.generazione++;
    this.lru.clear();
  }
}

/** What forgets on a channel's notices: the caches of one domain object. */
export interface Ascoltatore {
  readonly canale: Canale;
  /**
   * A notice on the channel, with its payload; or, without one, the channel is listened to
   * (again) and notices sent while it was not were lost.
   */
  svuota(payload?: string): void;
}

/**
 * The one invalidation path of every process: listens on each listener's channel; resolves once
 * listening, to the function that stops. postgres.js listens on one connection of its own; when it
 * drops (Postgres restarted or gone) it issues LISTEN again after each failed try, pausing as the
 * pool does (server/db/client.ts), without throwing or logging, and every LISTEN that succeeds calls
 * `svuota`. After an outage that can happen a few times in a row: an emptied cache costs one read.
 */
export async function ascolta(sql: postgres.Sql, ascoltatori: Ascoltatore[]): Promise<() => Promise<void>> {
  const ascolti = await Promise.all(ascoltatori.map((a) => sql.listen(a.canale, (payload) => a.svuota(payload), () => a.svuota())));
  return async () => {
    for (const a of ascolti) await a.unlisten();
  };
}
