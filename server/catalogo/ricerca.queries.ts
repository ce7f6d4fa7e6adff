import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { PaginaIds } from './pagine.queries.js';

/**
 * One page of a product search and its exact total, through the search_prodotti() function of
 * migration 0004 (vocabulary rewriting, code matches first, cached pages and totals).
 */
export async function cercaProdotti(db: DbOrTx, testo: string, start: number, limit: number): Promise<PaginaIds> {
  const rows = await db.execute<{ ids: number[]; total: number }>(
    sql`SELECT ids, total FROM search_prodotti(${testo}, ${limit}, ${start})`,
  );
  return { ids: rows[0]?.ids ?? [], total: rows[0]?.total ?? 0 };
}
