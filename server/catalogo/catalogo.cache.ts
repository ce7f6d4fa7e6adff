import type postgres from 'postgres';
import type { Db, Sql } from '../db/client.js';
import { TtlCache } from '../lib/ttl-cache.js';

/**
 * What changed in the catalogue: some products (texts, codes, media, price lists, brand, category,
 * visibility), the category tree, or anything (an import, a brand's name). Prices and stock are
 * never cached and need no invalidation.
 */
export type Invalidazione = { prodotti: number[] } | 'categorie' | 'tutto';

/** Channel of the catalogue's notices (like 'sessioni' for sessions, migration 0007). */
const CANALE = 'catalogo';
/** Descriptions change only with imports and edits; about 1.5 kB each, so at most ~45 MB. */
const DESCRIZIONI_TTL_MS = 60_000;
const MAX_DESCRIZIONI = 30_000;
/** Pages of ids and totals of browse lists, together so that they agree. */
const ELENCHI_TTL_MS = 30_000;
const CATEGORIE_TTL_MS = 60_000;
/** Postgres refuses notice payloads of 8000 bytes or more: longer lists of products become 'tutto'. */
const MAX_PAYLOAD = 7_900;

const elenchiVuoti = () => ({ pagine: new TtlCache<number[]>(ELENCHI_TTL_MS), totali: new TtlCache<number>(ELENCHI_TTL_MS) });

/** Each app's cache, found through the connection its query modules are given. */
const cacheBySql = new WeakMap<Sql, CatalogoCache>();

/**
 * The catalogue cache of the app whose pool this handle uses (built by buildApp). Reads through
 * anything else keep nothing: a transaction (it may see rows not yet committed) or a script's
 * own connection get a throwaway cache.
 */
export function catalogoCacheOf(db: Db): CatalogoCache {
  return cacheBySql.get(db.$client) ?? new CatalogoCache();
}

/**
 * The catalogue's in-process caches, one per server process (app.deps.catalogo): product
 * descriptions as JSON bytes, browse lists' pages of ids and totals, category codes. Each expires
 * by its TTL; invalidate() drops what changed here at once and notifies the channel 'catalogo', so
 * every other process drops the same; (re)connecting the listener drops everything, since notices
 * may have been missed meanwhile. Search pages live in Postgres (search_cache), shared by all
 * processes: notificaCatalogo() retires them by raising the catalogue's version in their keys.
 *
 * A load under way when an invalidation arrives must not store what it read before the change:
 * lists and codes are replaced by fresh caches (the load stores into the discarded one), and
 * descriptions are stored only if no invalidation came in between (`generazione`).
 */
export class CatalogoCache {
  private descrizioni = new Map<number, { json: Buffer; at: number }>();
  private generazione = 0;
  elenchi = elenchiVuoti();
  codiciCategorie = new TtlCache<Map<string, number>>(CATEGORIE_TTL_MS);
  private ascolto: postgres.ListenMeta | undefined;

  /** With the app's pool: the cache of that app, listening and notifying through it. */
  constructor(private readonly sql?: postgres.Sql) {
    if (sql) cacheBySql.set(sql, this);
  }

  /** Follows the other processes' invalidations; resolves once listening. */
  async listen(): Promise<void> {
    if (!this.sql) return;
    this.ascolto = await this.sql.listen(CANALE, (payload) => this.clear(leggi(payload)), () => this.clear('tutto'));
  }

  async close(): Promise<void> {
    await this.ascolto?.unlisten();
    this.ascolto = undefined;
  }

  /** Call after the change is committed: forgets here at once and in every other process by notice. */
  async invalidate(what: Invalidazione): Promise<void> {
    const w = normalizza(what);
    if (w === undefined) return;
    this.clear(w);
    if (this.sql) await notificaCatalogo(this.sql, w);
  }

  /** Forgets in this process only (notices and reconnections land here). */
  clear(what: Invalidazione): void {
    this.generazione++;
    // Every kind of change can move products in or out of browse lists (visibility, category,
    // brand) or change their totals.
    this.elenchi = elenchiVuoti();
    if (what === 'categorie' || what === 'tutto') this.codiciCategorie = new TtlCache(CATEGORIE_TTL_MS);
    if (what === 'tutto') this.descrizioni.clear();
    else if (what !== 'categorie') for (const id of what.prodotti) this.descrizioni.delete(id);
  }

  /** A product's description if read within the TTL. */
  descrizione(id: number, now: number): Buffer | undefined {
    const hit = this.descrizioni.get(id);
    return hit && now - hit.at < DESCRIZIONI_TTL_MS ? hit.json : undefined;
  }

  /** Marks the start of a read of descriptions, for salvaDescrizioni. */
  lettura(): number {
    return this.generazione;
  }

  /** Keeps descriptions read since `lettura` at `now`, unless the catalogue was invalidated meanwhile. */
  salvaDescrizioni(lettura: number, now: number, lette: [number, Buffer][]): void {
    if (lettura !== this.generazione) return;
    const cache = this.descrizioni;
    if (cache.size > MAX_DESCRIZIONI) {
      // Expired entries go first; a cache still full of live ones starts over.
      for (const [id, e] of cache) if (now - e.at >= DESCRIZIONI_TTL_MS) cache.delete(id);
      if (cache.size > MAX_DESCRIZIONI) cache.clear();
    }
    for (const [id, json] of lette) cache.set(id, { json, at: now });
  }
}

/**
 * Makes every running server forget what changed, without an app (the ERP importer, seeds): one
 * notice on 'catalogo'. Product changes and 'tutto' also retire every page of search_cache, a table
 * all processes share: a changed title, code or visibility changes which searches find a product
 * and their totals, and a cached page cannot tell which searches would now find it. The pages are
 * not deleted but left behind by a new version in their keys (search_cache_versione), so that a
 * search still running on the catalogue as it was cannot store its page for the new version; the
 * old ones expire with their TTL. Inside a transaction the notice and the new version take effect
 * at commit, with the change. The search vocabulary is not rebuilt here: an import still runs
 * refresh_search_vocab() (an edit calls impara_parole_vocab()).
 */
export async function notificaCatalogo(sql: Sql | postgres.TransactionSql, what: Invalidazione): Promise<void> {
  const w = normalizza(what);
  if (w === undefined) return;
  if (w !== 'categorie') await sql`UPDATE search_cache_versione SET versione = versione + 1`;
  await sql`SELECT pg_notify(${CANALE}, ${JSON.stringify(w)})`;
}

/** Nothing for no products; everything for more products than a notice can carry. */
function normalizza(what: Invalidazione): Invalidazione | undefined {
  if (typeof what === 'string') return what;
  if (what.prodotti.length === 0) return undefined;
  return JSON.stringify(what).length > MAX_PAYLOAD ? 'tutto' : { prodotti: what.prodotti };
}

/** A notice's payload; anything unreadable forgets everything. */
function leggi(payload: string): Invalidazione {
  try {
    const v: unknown = JSON.parse(payload);
    if (v === 'categorie' || v === 'tutto') return v;
    const ids = (v as { prodotti?: unknown })?.prodotti;
    if (Array.isArray(ids) && ids.every(Number.isInteger)) return { prodotti: ids as number[] };
  } catch {
    // below
  }
  return 'tutto';
}
