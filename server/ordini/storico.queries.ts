import { ordine, type Ordine, type OrdiniEsportaQuery } from '../../shared/ordini.js';
import { MSG_ORDINE_SCONOSCIUTO } from '../../shared/ordini-costanti.js';
import type { Db, Sql } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { ordiniVisibili, type VistaOrdini } from './vista.js';

/** LIKE wildcards in the searched name are searched as text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The history's filters (docs/regole/ordini.md#order-history), as ordini/elenco and ordini/esporta take them. */
export type FiltriOrdini = Pick<OrdiniEsportaQuery, 'dal' | 'al' | 'nome' | 'codice_prodotto' | 'stato'>;

/**
 * The orders of the client the person sees (vistaOrdini: their own, or every order of the client
 * for a Titolare or Acquisti) that pass the filters. Every combination is served by an index: the
 * user's orders by (utente_id, cliente_id, created_at) (each state by its own partial index), the
 * client's by ordini_cliente_created_idx and its partial ones per state (migration 0045), those held
 * by ordini_in_approvazione_idx, the name by the
 * trigram index ordini_nome_trgm, the product code through the client's lines of the product
 * (ordini_righe_cliente_prodotto_idx). Days are Europe/Rome's, `al` included.
 */
function where(sql: Sql, v: VistaOrdini, f: FiltriOrdini) {
  const clienteId = v.clienteId;
  let w = sql`WHERE ${ordiniVisibili(sql, v)}`;
  if (f.dal) w = sql`${w} AND o.created_at >= (${f.dal}::date::timestamp AT TIME ZONE 'Europe/Rome')`;
  if (f.al) w = sql`${w} AND o.created_at < ((${f.al}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome')`;
  if (f.nome) w = sql`${w} AND o.nome ILIKE ${`%${escapeLike(f.nome)}%`}`;
  if (f.codice_prodotto) {
    // The client's lines of the product only (a popular product is on tens of thousands of every client's lines).
    w = sql`${w} AND o.id IN (SELECT r.ordine_id FROM ordini_righe r
      WHERE r.cliente_id = ${clienteId} AND r.prodotto_id IN (SELECT p.id FROM prodotti p WHERE p.codice_prodotto = ${f.codice_prodotto}))`;
  }
  // Literals, not parameters: a generic plan uses the partial indexes of each state only so.
  // An order held for approval (response_code '202') and a decided one that was not confirmed
  // have their own states (docs/regole/organizzazione.md#approvals), not 'errore'.
  if (f.stato === 'confermato') w = sql`${w} AND o.response_code = '201'`;
  if (f.stato === 'errore') w = sql`${w} AND o.response_code <> '201' AND o.approvazione IS NULL`;
  if (f.stato === 'in_approvazione') w = sql`${w} AND o.approvazione = 'in_attesa'`;
  if (f.stato === 'rifiutato') w = sql`${w} AND o.approvazione = 'rifiutato'`;
  if (f.stato === 'scaduto') w = sql`${w} AND o.approvazione = 'scaduto'`;
  return w;
}

/** One page of the orders the person sees, newest first, read whole (ordini_letti), and how many pass the filters. */
export async function elencoOrdini(
  db: Db, v: VistaOrdini, f: FiltriOrdini & { start: number; limit: number },
): Promise<{ ordini: Ordine[]; totale: number }> {
  const sql = db.$client;
  const [rows, [tot]] = await Promise.all([
    // The page's orders first: they are read whole, not the orders the offset skips.
    sql<{ ordine: unknown }[]>`
      SELECT ordine FROM ordini_letti(ARRAY(
        SELECT o.id FROM ordini o ${where(sql, v, f)}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${f.limit} OFFSET ${f.start}), ${v.netti})`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini o ${where(sql, v, f)}`,
  ]);
  return { ordini: rows.map((r) => ordine.parse(r.ordine)), totale: tot?.n ?? 0 };
}

/**
 * One order the person sees, read whole (ordini_letti). An order of another client, or of another
 * user for a person who sees only their own, answers 404 as one that does not exist, with the same
 * message (docs/decisions/ids-altrui-404.md).
 */
export async function leggiOrdine(db: Db, v: VistaOrdini, ordineId: number): Promise<Ordine> {
  const sql = db.$client;
  const [r] = await sql<{ ordine: unknown }[]>`
    SELECT ordine FROM ordini_letti(ARRAY(
      SELECT o.id FROM ordini o WHERE o.id = ${ordineId} AND ${ordiniVisibili(sql, v)}), ${v.netti})`;
  if (!r) throw notFound(MSG_ORDINE_SCONOSCIUTO);
  return ordine.parse(r.ordine);
}

/** How many orders and lines an export of these filters would hold. */
export async function contaEsportazione(db: Db, v: VistaOrdini, f: FiltriOrdini) {
  const sql = db.$client;
  const [r] = await sql<{ ordini: number; righe: number }[]>`
    SELECT count(*)::int AS ordini,
      coalesce(sum((SELECT count(*) FROM ordini_righe r WHERE r.ordine_id = o.id)), 0)::int AS righe
    FROM ordini o ${where(sql, v, f)}`;
  return r ?? { ordini: 0, righe: 0 };
}

/**
 * The filtered orders, newest first, read whole (ordini_letti) and parsed, in batches through a
 * cursor so that an export never holds them all in this process's memory (at most
 * MAX_ORDINI_ESPORTAZIONE, counted before).
 */
export async function* ordiniEsportazione(db: Db, v: VistaOrdini, f: FiltriOrdini): AsyncGenerator<Ordine[]> {
  const sql = db.$client;
  const lotti = sql<{ ordine: unknown }[]>`
    SELECT ordine FROM ordini_letti(ARRAY(
      SELECT o.id FROM ordini o ${where(sql, v, f)} ORDER BY o.created_at DESC, o.id DESC), ${v.netti})`.cursor(100);
  for await (const lotto of lotti) yield lotto.map((r) => ordine.parse(r.ordine));
}
