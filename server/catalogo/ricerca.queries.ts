import { sqlOf, type DbOrTx } from '../db/client.js';

/**
 * One page of a product search and its exact total, through the SQL function search_prodotti()
 * (server/catalogo/sql/: vocabulary rewriting, code matches first, cached pages and totals).
 */
export async function cercaProdotti(db: DbOrTx, testo: string, start: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const rows = await sqlOf(db)<{ ids: number[]; total: number }[]>`SELECT ids, total FROM search_prodotti(${testo}, ${limit}, ${start})`;
  return { ids: rows[0]?.ids ?? [], total: rows[0]?.total ?? 0 };
}

/** The same page as an (ids, total) source, so that one statement finds and prices it. */
export const ricercaSource = (db: DbOrTx, testo: string, start: number, limit: number) => sqlOf(db)`
  SELECT s.ids, s.total FROM search_prodotti(${testo}, ${limit}, ${start}) s`;
