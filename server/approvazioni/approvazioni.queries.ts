import { type Approvazione, approvazione } from '../../shared/approvazioni.js';
import { ordine, type Ordine } from '../../shared/ordini.js';
import type { Db, Sql } from '../db/client.js';

/**
 * The columns of a waiting order as the approvers' list reads it (alias o). An approver who may not
 * see net prices (docs/regole/organizzazione.md#prices) reads the total at list price and the
 * limits passed without by how much, as the order's read model gives them (ordini_letti p_netti).
 */
const colonne = (sql: Sql, netti: boolean) => sql`
  o.id AS ordine_id, iso_utc(o.created_at) AS created_at, o.nome, o.riferimento_cantiere,
  json_build_object('nome', o.utente_nome, 'codice', o.utente_codice) AS richiedente,
  ${netti ? sql`round(o.totale, 3)::float8` : sql`(SELECT coalesce(round(sum(r.qt * r.prezzo), 3), 0)::float8 FROM ordini_righe r WHERE r.ordine_id = o.id)`} AS totale,
  (SELECT count(*)::int FROM ordini_righe r WHERE r.ordine_id = o.id) AS righe_n,
  ${netti ? sql`coalesce(o.approvazione_superamento, '[]')` : sql`coalesce((SELECT jsonb_agg(s.e - 'superato_di')
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.approvazione_superamento) = 'array' THEN o.approvazione_superamento END) s(e)), '[]')`} AS superamento,
  iso_utc(o.approvazione_scade_at) AS scade_at`;

/**
 * The orders of a client waiting for approval, not placed by the caller, newest first, one page:
 * ordini_in_approvazione_idx holds exactly the waiting ones of each client in this order (ties by
 * id sorted incrementally), so the page stops after its rows; its columns (the lines' count, the
 * JSON) are computed for those rows only, not for every waiting order before a sort.
 */
export async function elencoApprovazioni(
  db: Db, clienteId: number, utenteId: number, netti: boolean, pagina: { start: number; limit: number },
): Promise<{ approvazioni: Approvazione[]; totale: number }> {
  const sql = db.$client;
  const [righe, totale] = await Promise.all([
    sql<Approvazione[]>`
      WITH pagina AS MATERIALIZED (
        SELECT o.id, o.created_at FROM ordini o
        WHERE o.cliente_id = ${clienteId} AND o.approvazione = 'in_attesa' AND o.utente_id IS DISTINCT FROM ${utenteId}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${pagina.limit} OFFSET ${pagina.start})
      SELECT ${colonne(sql, netti)}
      FROM pagina p JOIN ordini o ON o.id = p.id
      ORDER BY p.created_at DESC, p.id DESC`,
    contaApprovazioni(db, clienteId, utenteId),
  ]);
  return { approvazioni: righe.map((r) => approvazione.parse(r)), totale };
}

/**
 * How many orders of the client wait for the caller's decision (the header's counter, the list's
 * total): all the client's waiting orders, an index-only count on ordini_in_approvazione_idx (the
 * state is its predicate), less the caller's own, found among their orders not confirmed
 * (ordini_utente_cliente_errore_idx: a handful). Reading each waiting order's row for its user
 * cost some 25 ms with 10,000 waiting.
 */
export async function contaApprovazioni(db: Db, clienteId: number, utenteId: number): Promise<number> {
  const [r] = await db.$client<{ n: number }[]>`
    SELECT (SELECT count(*) FROM ordini o WHERE o.cliente_id = ${clienteId} AND o.approvazione = 'in_attesa')::int
      - (SELECT count(*) FROM ordini o WHERE o.utente_id = ${utenteId} AND o.cliente_id = ${clienteId}
          AND o.response_code <> '201' AND o.approvazione = 'in_attesa')::int AS n`;
  return r!.n;
}

/** One waiting order of the client (any requester) read whole (ordini_letti) with its list row, or undefined. */
export async function unaApprovazione(
  db: Db, clienteId: number, ordineId: number, netti: boolean,
): Promise<{ ordine: Ordine; approvazione: Approvazione } | undefined> {
  const sql = db.$client;
  const [r] = await sql<(Approvazione & { ordine: unknown })[]>`
    SELECT ${colonne(sql, netti)}, (SELECT l.ordine FROM ordini_letti(ARRAY[o.id], ${netti}) l) AS ordine FROM ordini o
    WHERE o.id = ${ordineId} AND o.cliente_id = ${clienteId} AND o.approvazione = 'in_attesa'`;
  return r ? { ordine: ordine.parse(r.ordine), approvazione: approvazione.parse(r) } : undefined;
}

/**
 * Who gets the mail of a held order: the client's active Titolare and Acquisti, never the
 * requester; when there is none but the requester, the client's Titolare whatever their state.
 * Only usernames that are addresses.
 */
export async function approvatoriDi(db: Db, clienteId: number, richiedenteId: number): Promise<{ username: string; nome: string }[]> {
  return db.$client<{ username: string; nome: string }[]>`
    WITH a AS (
      SELECT u.username, coalesce(nullif(trim(u.nome || ' ' || u.cognome), ''), u.username) AS nome,
        uc.stato = 'attivo' AS attivo, uc.ruolo
      FROM utenti_clienti uc JOIN utenti u ON u.id = uc.utente_id
      WHERE uc.cliente_id = ${clienteId} AND uc.ruolo IN ('titolare', 'acquisti') AND uc.utente_id <> ${richiedenteId}
        AND u.username LIKE '%@%'
    )
    SELECT username, nome FROM a
    WHERE attivo OR (ruolo = 'titolare' AND NOT EXISTS (SELECT 1 FROM a WHERE attivo))
    ORDER BY username`;
}
