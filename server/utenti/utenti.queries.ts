import type { UtenteAdmin } from '../../shared/utenti.js';
import type { Db, Sql } from '../db/client.js';

/** LIKE wildcards in a search word are searched as text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface FiltroUtenti {
  utenteId?: number;
  clienteId?: number;
  stringa?: string;
  start: number;
  limit: number;
}

/**
 * The filter of utenti/read: by id, by linked client, by words (each anywhere in username, name,
 * surname or code, in any order: the trigram index utenti_ricerca_trgm).
 */
function where(sql: Sql, f: FiltroUtenti) {
  const parole = (f.stringa ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  let w = sql`WHERE true`;
  if (f.utenteId !== undefined) w = sql`${w} AND u.id = ${f.utenteId}`;
  if (f.clienteId !== undefined) w = sql`${w} AND u.id IN (SELECT uc.utente_id FROM utenti_clienti uc WHERE uc.cliente_id = ${f.clienteId})`;
  for (const p of parole) {
    w = sql`${w} AND lower(u.username || ' ' || u.nome || ' ' || u.cognome || ' ' || u.codice) LIKE ${`%${escapeLike(p)}%`}`;
  }
  return w;
}

/** A timestamp of u as ISO 8601 in UTC, like the other admin answers (drizzle hands postgres.js dates over as text). */
const isoUtc = (sql: Sql, col: 'created_at' | 'updated_at') =>
  sql`iso_utc(${sql('u')}.${sql(col)})`;

/** A link of a user to a client (uc, c, a) as the admin screens show it (clienteDiUtente). */
export const collegamentoJson = (sql: Sql) => sql`json_build_object(
  'id', c.id, 'azienda_codice', c.azienda_codice, 'azienda_ragionesociale', a.ragione_sociale,
  'cliente_codice', c.codice, 'cliente_ragionesociale', c.ragione_sociale,
  'ruolo', uc.ruolo, 'stato', uc.stato, 'limite_ordine', uc.limite_ordine::text, 'budget_mensile', uc.budget_mensile::text,
  'vede_prezzi', uc.vede_prezzi, 'vede_documenti', uc.vede_documenti)`;

/** One page of users, alphabetical, each with its clients (one query), and the total. */
export async function leggiUtenti(db: Db, f: FiltroUtenti): Promise<{ utenti: UtenteAdmin[]; totale: number }> {
  const sql = db.$client;
  const [rows, [tot]] = await Promise.all([
    sql<UtenteAdmin[]>`
      SELECT u.id, u.username, u.nome, u.cognome, u.nominativo, u.tipologia_account, u.status_login::int AS status_login,
        u.fatturato_metrica::int AS fatturato_metrica,
        ${isoUtc(sql, 'created_at')} AS created_at, ${isoUtc(sql, 'updated_at')} AS updated_at,
        coalesce((
          SELECT json_agg(${collegamentoJson(sql)} ORDER BY c.azienda_codice, c.codice)
          FROM utenti_clienti uc
          JOIN clienti c ON c.id = uc.cliente_id
          JOIN aziende a ON a.codice = c.azienda_codice
          WHERE uc.utente_id = u.id), '[]'::json) AS clienti
      FROM utenti u ${where(sql, f)}
      ORDER BY lower(u.cognome), lower(u.nome), u.id
      LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM utenti u ${where(sql, f)}`,
  ]);
  return {
    utenti: [...rows],
    totale: tot?.n ?? 0,
  };
}
