import type { Ordine, OrdiniEsportaQuery } from '../../shared/ordini.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import type { Db, Sql } from '../db/client.js';

/** LIKE wildcards in the searched name are searched as text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The history's filters (docs/regole/ordini.md#order-history), as ordini/elenco and ordini/esporta take them. */
export type FiltriOrdini = Pick<OrdiniEsportaQuery, 'dal' | 'al' | 'nome' | 'codice_prodotto' | 'stato'>;

/**
 * The orders of one user for one client that pass the filters. Every combination is served by an
 * index: the user's orders by (utente_id, cliente_id, created_at) (each state by its own partial
 * index), the name by the trigram index ordini_nome_trgm, the product code through the
 * client's lines of the product (ordini_righe_cliente_prodotto_idx). Days are Europe/Rome's, `al` included.
 */
function where(sql: Sql, utenteId: number, clienteId: number, f: FiltriOrdini) {
  let w = sql`WHERE o.utente_id = ${utenteId} AND o.cliente_id = ${clienteId}`;
  if (f.dal) w = sql`${w} AND o.created_at >= (${f.dal}::date::timestamp AT TIME ZONE 'Europe/Rome')`;
  if (f.al) w = sql`${w} AND o.created_at < ((${f.al}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome')`;
  if (f.nome) w = sql`${w} AND o.nome ILIKE ${`%${escapeLike(f.nome)}%`}`;
  if (f.codice_prodotto) {
    // The client's lines of the product only (a popular product is on tens of thousands of every client's lines).
    w = sql`${w} AND o.id IN (SELECT r.ordine_id FROM ordini_righe r
      WHERE r.cliente_id = ${clienteId} AND r.prodotto_id IN (SELECT p.id FROM prodotti p WHERE p.codice_prodotto = ${f.codice_prodotto}))`;
  }
  // Literals, not parameters: a generic plan uses the partial indexes of each state only so.
  if (f.stato === 'confermato') w = sql`${w} AND o.response_code = '201'`;
  if (f.stato === 'errore') w = sql`${w} AND o.response_code <> '201'`;
  return w;
}

/** One page of the user's orders for the client, newest first, each with its lines, and how many pass the filters. */
export async function elencoOrdini(
  db: Db, utenteId: number, clienteId: number, f: FiltriOrdini & { start: number; limit: number },
): Promise<{ ordini: Ordine[]; totale: number }> {
  const sql = db.$client;
  const [rows, [tot]] = await Promise.all([
    sql<Ordine[]>`
      SELECT o.id, to_json(o.created_at)#>>'{}' AS created_at, o.nome, o.note, o.response_code, o.response_status,
        round(o.totale, 3)::float8 AS totale,
        coalesce((SELECT json_agg(json_build_object('codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.prodotto_nome,
            'qt', r.qt, 'qt_in_consegna', r.qt_in_consegna, 'qt_in_arrivo', r.qt_in_arrivo, 'prezzo', round(r.prezzo, 3)::float8,
            'prezzo_reale', round(r.prezzo_reale, 3)::float8, 'sconti', r.sconti) ORDER BY r.id)
          FROM ordini_righe r WHERE r.ordine_id = o.id), '[]'::json) AS prodotti
      -- The page's orders first: lines are read for them only, not for the orders the offset skips.
      FROM (SELECT o.id FROM ordini o ${where(sql, utenteId, clienteId, f)}
            ORDER BY o.created_at DESC, o.id DESC LIMIT ${f.limit} OFFSET ${f.start}) k
      JOIN ordini o ON o.id = k.id
      ORDER BY o.created_at DESC, o.id DESC`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini o ${where(sql, utenteId, clienteId, f)}`,
  ]);
  return { ordini: [...rows], totale: tot?.n ?? 0 };
}

/** How many orders and lines an export of these filters would hold. */
export async function contaEsportazione(db: Db, utenteId: number, clienteId: number, f: FiltriOrdini) {
  const sql = db.$client;
  const [r] = await sql<{ ordini: number; righe: number }[]>`
    SELECT count(*)::int AS ordini,
      coalesce(sum((SELECT count(*) FROM ordini_righe r WHERE r.ordine_id = o.id)), 0)::int AS righe
    FROM ordini o ${where(sql, utenteId, clienteId, f)}`;
  return r ?? { ordini: 0, righe: 0 };
}

/** A row of an export: one order line, with its order's fields (an order without lines: one row, no line). */
export interface RigaEsportazione {
  id: number;
  data: string;
  nome: string;
  stato: string;
  totale: number;
  codice_prodotto: string | null;
  prodotto_nome: string | null;
  qt: number | null;
  qt_in_consegna: number | null;
  qt_in_arrivo: number | null;
  prezzo: number | null;
  prezzo_reale: number | null;
}

/**
 * The filtered orders' lines, newest order first, read in batches through a cursor so that an
 * export never holds its rows in memory. Amounts are those ordered; dates Europe/Rome's.
 */
export function righeEsportazione(db: Db, utenteId: number, clienteId: number, f: FiltriOrdini): AsyncIterable<RigaEsportazione[]> {
  const sql = db.$client;
  return sql<RigaEsportazione[]>`
    SELECT o.id, to_char(o.created_at AT TIME ZONE 'Europe/Rome', 'DD/MM/YYYY HH24:MI') AS data, o.nome,
      CASE WHEN o.response_code = ${RESPONSE_CODE_OK} THEN 'Confermato' ELSE 'Errore' END AS stato,
      round(o.totale, 3)::float8 AS totale, r.codice_prodotto, r.prodotto_nome, r.qt, r.qt_in_consegna, r.qt_in_arrivo,
      round(r.prezzo, 3)::float8 AS prezzo, round(r.prezzo_reale, 3)::float8 AS prezzo_reale
    FROM ordini o LEFT JOIN ordini_righe r ON r.ordine_id = o.id
    ${where(sql, utenteId, clienteId, f)}
    ORDER BY o.created_at DESC, o.id DESC, r.id`.cursor(500);
}
