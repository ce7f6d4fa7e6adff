import { sqlOf, type DbOrTx, type Sql } from '../db/client.js';
import type { TipologiaAdmin } from '../../shared/accesso.js';
import { hashToken } from './sessions.js';

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
}

export type AdminSessione = {
  id: number;
  username: string;
  nome: string;
  cognome: string;
  tipologia: TipologiaAdmin;
};

/** A customer user (alias u) and its clients as the JSON object UtenteSessione. */
export const utenteJson = (sql: Sql) => sql`json_build_object(
  'id', u.id, 'codice', u.codice, 'username', u.username, 'nome', u.nome, 'cognome', u.cognome,
  'nominativo', u.nominativo, 'tipologiaAccount', u.tipologia_account, 'fatturatoMetrica', u.fatturato_metrica,
  'cambioPassword', u.password_temporanea,
  'clienti', coalesce((
    SELECT json_agg(json_build_object(
      'id', c.id, 'aziendaCodice', c.azienda_codice, 'aziendaRagioneSociale', a.ragione_sociale,
      'codice', c.codice, 'ragioneSociale', c.ragione_sociale,
      'lisMaga', c.lis_maga, 'sconto', c.sconto::text
    ) ORDER BY c.azienda_codice, c.codice)
    FROM utenti_clienti uc
    JOIN clienti c ON c.id = uc.cliente_id
    JOIN aziende a ON a.codice = c.azienda_codice
    WHERE uc.utente_id = u.id), '[]'::json))`;

/**
 * The customer user of a live session with its clients, in one query, and when the session
 * expires (ms since the epoch); null when not valid.
 */
export async function findUtenteBySession(
  db: DbOrTx, tokenHash: string,
): Promise<{ utente: UtenteSessione; scade: number } | null> {
  const sql = sqlOf(db);
  const rows = await sql<{ utente: UtenteSessione; scade: number }[]>`
    SELECT ${utenteJson(sql)} AS utente, (extract(epoch FROM s.expires_at) * 1000)::float8 AS scade
    FROM sessioni s
    JOIN utenti u ON u.id = s.utente_id
    LEFT JOIN dispositivi d ON d.id = s.dispositivo_id
    WHERE s.token_hash = ${tokenHash} AND s.tipo = 'cliente' AND s.expires_at > now()
      AND u.status_login = 0 AND (s.dispositivo_id IS NULL OR d.authorized = 1)
  `;
  return rows[0] ?? null;
}

export async function findAdminBySession(db: DbOrTx, token: string): Promise<AdminSessione | null> {
  const rows = await sqlOf(db)<AdminSessione[]>`
    SELECT a.id, a.username, a.nome, a.cognome, a.tipologia
    FROM sessioni s JOIN admin_utenti a ON a.id = s.admin_id
    WHERE s.token_hash = ${hashToken(token)} AND s.tipo = 'admin' AND s.expires_at > now()
  `;
  return rows[0] ?? null;
}
