import type { PendingQuery, Row } from 'postgres';
import type { Db, Sql } from '../db/client.js';
import type { TipologiaAdmin } from '../../shared/accesso-costanti.js';
import type { Ruolo } from '../../shared/organizzazione-costanti.js';
import { hashToken } from './sessioni.js';

export interface ClienteSessione {
  id: number;
  aziendaCodice: string;
  aziendaRagioneSociale: string;
  codice: string;
  ragioneSociale: string;
  /** Price list number as stored (0: none); listinoEffettivo() gives the list it prices with. */
  lisMaga: number;
  /** Discount percentage as a numeric string. */
  sconto: string;
  /** The user's role on this client and what it lets them do (docs/regole/organizzazione.md). */
  ruolo: Ruolo;
  /** The most one order may be and the month's budget, net and VAT excluded, as numeric text; null: none. */
  limiteOrdine: string | null;
  budgetMensile: string | null;
  /** Off: list prices only, in every answer (prezziDi). */
  vedePrezzi: boolean;
  /** Off: no documents, no credit line. */
  vedeDocumenti: boolean;
}

export interface UtenteSessione {
  id: number;
  codice: string;
  username: string;
  nome: string;
  cognome: string;
  nominativo: string;
  tipologiaAccount: string;
  fatturatoMetrica: number;
  /** The password was set by an admin: every call but password/cambia waits for a new one. */
  cambioPassword: boolean;
  clienti: ClienteSessione[];
  /**
   * A sales agent (tipologia_account 'agente', docs/regole/agenti.md): their code and the client
   * they act for (agente/entra), which is then `clienti`' only one, as an Acquisti with no limits;
   * null for anyone else.
   */
  agente?: AgenteSessione | null;
}

export interface AgenteSessione {
  codice: string;
  /** The client of the portfolio the session acts for; null: the portfolio. */
  clienteId: number | null;
}

export type AdminSessione = {
  id: number;
  username: string;
  nome: string;
  cognome: string;
  tipologia: TipologiaAdmin;
};

type Frammento = PendingQuery<Row[]>;

/** A client (alias c, its company a) as the session's ClienteSessione, with the person's link fields given. */
const clienteJson = (sql: Sql, link: Frammento) => sql`json_build_object(
      'id', c.id, 'aziendaCodice', c.azienda_codice, 'aziendaRagioneSociale', a.ragione_sociale,
      'codice', c.codice, 'ragioneSociale', c.ragione_sociale,
      'lisMaga', c.lis_maga, 'sconto', c.sconto::text, ${link})`;

/**
 * A customer user (alias u) and its clients as the JSON object UtenteSessione. An agent has the
 * client their session acts for (alias ag, agenteCliente below) alone, as an Acquisti with no
 * limits who sees prices and documents (docs/regole/agenti.md#acting-for-a-client); with none, no client.
 */
export const utenteJson = (sql: Sql) => sql`json_build_object(
  'id', u.id, 'codice', u.codice, 'username', u.username, 'nome', u.nome, 'cognome', u.cognome,
  'nominativo', u.nominativo, 'tipologiaAccount', u.tipologia_account, 'fatturatoMetrica', u.fatturato_metrica,
  'cambioPassword', u.password_temporanea,
  'agente', CASE WHEN u.agente_codice IS NOT NULL
    THEN json_build_object('codice', u.agente_codice, 'clienteId', ag.cliente_id) END,
  'clienti', CASE WHEN u.agente_codice IS NOT NULL
    THEN CASE WHEN ag.cliente_id IS NULL THEN '[]'::json ELSE (
      SELECT json_build_array(${clienteJson(sql, sql`'ruolo', 'acquisti', 'limiteOrdine', NULL, 'budgetMensile', NULL,
        'vedePrezzi', true, 'vedeDocumenti', true`)})
      FROM clienti c JOIN aziende a ON a.codice = c.azienda_codice WHERE c.id = ag.cliente_id) END
    ELSE coalesce((
    SELECT json_agg(${clienteJson(sql, sql`'ruolo', uc.ruolo, 'limiteOrdine', uc.limite_ordine::text, 'budgetMensile', uc.budget_mensile::text,
      'vedePrezzi', uc.vede_prezzi, 'vedeDocumenti', uc.vede_documenti`)} ORDER BY c.azienda_codice, c.codice)
    FROM utenti_clienti uc
    JOIN clienti c ON c.id = uc.cliente_id
    JOIN aziende a ON a.codice = c.azienda_codice
    -- An invited or suspended person has no session on that client (docs/regole/organizzazione.md).
    WHERE uc.utente_id = u.id AND uc.stato = 'attivo'), '[]'::json) END)`;

/**
 * The client an agent's session acts for as `ag`.cliente_id, when still in the agent's portfolio
 * (a client taken out of it ends the acting at once); to be joined after `u`. NULL: no session's
 * client (a login, a password reset).
 */
export const agenteCliente = (sql: Sql, agenteClienteId: Frammento = sql`NULL::int`) => sql`LEFT JOIN LATERAL (
    SELECT ac.cliente_id FROM agenti_clienti ac
    WHERE ac.agente_id = u.id AND ac.cliente_id = ${agenteClienteId} AND u.agente_codice IS NOT NULL) ag ON true`;

/**
 * A live session of this kind (within its lifetime and not idle for `idleMinutes`) as CTE `s`, and
 * its last use written when older than a minute, in the same statement: no write per request, and
 * the session's end (the sooner of expiry and idle limit) known to the caller.
 */
const sessioneViva = (sql: Sql, tokenHash: string, tipo: 'cliente' | 'admin', idleMinutes: number) => sql`
  WITH s AS (
    SELECT token_hash, utente_id, admin_id, dispositivo_id, agente_cliente_id,
      least(expires_at, ultimo_uso_at + make_interval(mins => ${idleMinutes})) AS fine, ultimo_uso_at
    FROM sessioni
    WHERE token_hash = ${tokenHash} AND tipo = ${tipo} AND expires_at > now()
      AND ultimo_uso_at > now() - make_interval(mins => ${idleMinutes})
  ), uso AS (
    UPDATE sessioni x SET ultimo_uso_at = now() FROM s
    WHERE x.token_hash = s.token_hash AND s.ultimo_uso_at < now() - interval '1 minute'
  )`;

/**
 * The customer user of a live session with its clients, in one query, and until when the session
 * may be taken as live without asking again (ms since the epoch: its expiry or idle limit, the
 * sooner); null when not valid.
 */
export async function utenteDellaSessione(
  db: Db, tokenHash: string, idleMinutes: number,
): Promise<{ utente: UtenteSessione; scade: number } | null> {
  const sql = db.$client;
  const rows = await sql<{ utente: UtenteSessione; scade: number }[]>`
    ${sessioneViva(sql, tokenHash, 'cliente', idleMinutes)}
    SELECT ${utenteJson(sql)} AS utente, (extract(epoch FROM s.fine) * 1000)::float8 AS scade
    FROM s
    JOIN utenti u ON u.id = s.utente_id
    ${agenteCliente(sql, sql`s.agente_cliente_id`)}
    LEFT JOIN dispositivi d ON d.id = s.dispositivo_id
    WHERE u.status_login = 0 AND (s.dispositivo_id IS NULL OR d.authorized = 1)
  `;
  return rows[0] ?? null;
}

export async function adminDellaSessione(db: Db, token: string, idleMinutes: number): Promise<AdminSessione | null> {
  const sql = db.$client;
  const rows = await sql<AdminSessione[]>`
    ${sessioneViva(sql, hashToken(token), 'admin', idleMinutes)}
    SELECT a.id, a.username, a.nome, a.cognome, a.tipologia
    FROM s JOIN admin_utenti a ON a.id = s.admin_id
  `;
  return rows[0] ?? null;
}
