import type { Db } from '../db/client.js';

/**
 * One page of a client's product search and its exact total, through the SQL function
 * search_prodotti_cliente() (server/catalogo/sql/): the shared search (vocabulary rewriting, code
 * matches first, cached pages and totals) with the product the client gave this text as its own
 * code first.
 */
export async function cercaProdotti(db: Db, testo: string, clienteId: number, start: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const rows = await db.$client<{ ids: number[]; total: number }[]>`
    SELECT ids, total FROM search_prodotti_cliente(${testo}, ${clienteId}, ${limit}, ${start})`;
  return { ids: rows[0]?.ids ?? [], total: rows[0]?.total ?? 0 };
}

/** The same page as an (ids, total) source, so that one statement finds and prices it. */
export const ricercaSource = (db: Db, testo: string, clienteId: number, start: number, limit: number) => db.$client`
  SELECT s.ids, s.total FROM search_prodotti_cliente(${testo}, ${clienteId}, ${limit}, ${start}) s`;
