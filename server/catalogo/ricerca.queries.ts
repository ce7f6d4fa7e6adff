import type { Db } from '../db/client.js';

/**
 * One page of a product search and its exact total, through the SQL function search_prodotti()
 * (server/catalogo/sql/: vocabulary rewriting, code matches first, cached pages and totals).
 */
export async function cercaProdotti(db: Db, testo: string, start: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const rows = await db.$client<{ ids: number[]; total: number }[]>`SELECT ids, total FROM search_prodotti(${testo}, ${limit}, ${start})`;
  return { ids: rows[0]?.ids ?? [], total: rows[0]?.total ?? 0 };
}

/** The same page as an (ids, total) source, so that one statement finds and prices it. */
export const ricercaSource = (db: Db, testo: string, start: number, limit: number) => db.$client`
  SELECT s.ids, s.total FROM search_prodotti(${testo}, ${limit}, ${start}) s`;
