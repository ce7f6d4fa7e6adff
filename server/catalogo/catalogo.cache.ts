import type postgres from 'postgres';
import type { Sql } from '../db/client.js';
import { type Ascoltatore, Cache, CACHE } from '../lib/cache.js';

/**
 * What changed in the catalogue: some products (texts, codes, media, price lists, brand, category,
 * visibility), the category tree, or anything (an import, a brand's name). Prices and stock are
 * never cached and need no invalidation.
 */
export type Invalidazione = { prodotti: number[] } | 'categorie' | 'tutto';

/**
 * The catalogue's in-process caches, one set per server process (app.deps.catalogo; the query
 * modules get it from their route): product descriptions as JSON bytes, browse lists' pages of ids
 * and totals, category codes (server/lib/cache.ts names them). A change notifies the channel
 * 'catalogo' in its own transaction (notificaCatalogo), so that every process, this one included,
 * forgets what changed when it commits, and nothing when it rolls back; once committed the process
 * that made it also calls clear() at once, so that its answer and its next reads are fresh.
 * (Re)connecting the listener drops everything, since notices may have been missed meanwhile.
 * Search pages live in Postgres (search_cache), shared by all processes: the same notice retires
 * them by raising the catalogue's version in their keys.
 *
 * A load under way when an invalidation arrives does not store what it read before the change
 * (the caches' `lettura`/`salva`).
 */
export class CatalogoCache implements Ascoltatore {
  readonly canale = CACHE.descrizioni.canale;
  readonly descrizioni = new Cache<number, Buffer>('descrizioni');
  readonly pagine = new Cache<string, number[]>('pagineElenchi');
  readonly totali = new Cache<string, number>('totaliElenchi');
  readonly codiciCategorie = new Cache<'tutte', Map<string, number>>('codiciCategorie');

  /** Forgets in this process only: notices and reconnections land here, and the process that made a change calls it once committed. */
  clear(what: Invalidazione): void {
    // Every kind of change can move products in or out of browse lists (visibility, category,
    // brand) or change their totals.
    this.pagine.clear();
    this.totali.clear();
    if (what === 'categorie' || what === 'tutto') this.codiciCategorie.clear();
    if (what === 'tutto') this.descrizioni.clear();
    else if (what !== 'categorie') this.descrizioni.forget(what.prodotti);
  }

  svuota(payload?: string): void {
    this.clear(payload === undefined ? 'tutto' : leggi(payload));
  }
}

/**
 * Makes every running server forget what changed: one notice on 'catalogo' by notifica_catalogo
 * (server/catalogo/sql/), which also retires the search pages for product changes and 'tutto'.
 * Called in the change's transaction (`tx.$client`), it takes effect at commit, with the change,
 * and never on rollback: no crash or lost connection between the commit and a notice sent after it
 * can leave another process with the data as it was. Scripts without this module (the seeds) run
 * `SELECT notifica_catalogo('tutto')`. The search vocabulary is not rebuilt here: an import still
 * runs refresh_search_vocab() (an edit calls impara_parole_vocab()).
 */
export async function notificaCatalogo(sql: Sql | postgres.TransactionSql, what: Invalidazione): Promise<void> {
  const [cosa, prodotti] = typeof what === 'string' ? [what, []] : ['prodotti', what.prodotti];
  await sql`SELECT notifica_catalogo(${cosa}, ${prodotti}::int[])`;
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
