import type { Persona } from '../../shared/organizzazione.js';
import type { Sql } from '../db/client.js';

/**
 * The people of a client (or one of them), as its Titolare sees them (organizzazione/utenti), in
 * one statement: each link with its user, the invitation's expiry while invited, and the net total
 * of the person's orders for the client this calendar month (Europe/Rome) that count against the
 * budget: confirmed or held for approval (response_code 201/202) and not rejected or expired; the
 * same orders crea_ordine counts (docs/regole/organizzazione.md#approvals). The links come from
 * utenti_clienti_cliente_idx, each person's month from ordini_utente_cliente_idx.
 */
export async function leggiPersone(sql: Sql, clienteId: number, ioId: number, soloUtenteId?: number): Promise<Persona[]> {
  return sql<Persona[]>`
    SELECT u.codice AS utente_codice, u.username AS email, u.nome, u.cognome,
      coalesce(nullif(u.nominativo, ''), trim(u.nome || ' ' || u.cognome)) AS nominativo,
      uc.ruolo, uc.stato, uc.limite_ordine::float8 AS limite_ordine, uc.budget_mensile::float8 AS budget_mensile,
      uc.vede_prezzi, uc.vede_documenti, iso_utc(u.ultimo_accesso_at) AS ultimo_accesso,
      coalesce(m.totale, 0)::float8 AS ordinato_mese,
      CASE WHEN uc.stato = 'invitato' THEN iso_utc(i.scade_at) END AS invito_scade,
      u.id = ${ioId} AS io
    FROM utenti_clienti uc
    JOIN utenti u ON u.id = uc.utente_id
    LEFT JOIN inviti i ON i.utente_id = u.id
    LEFT JOIN LATERAL (
      SELECT round(sum(o.totale), 2) AS totale FROM ordini o
      WHERE o.utente_id = uc.utente_id AND o.cliente_id = uc.cliente_id
        AND o.created_at >= (date_trunc('month', now() AT TIME ZONE 'Europe/Rome') AT TIME ZONE 'Europe/Rome')
        AND o.response_code IN ('201', '202')
        AND (o.approvazione IS NULL OR o.approvazione IN ('in_attesa', 'approvato'))
    ) m ON true
    WHERE uc.cliente_id = ${clienteId} ${soloUtenteId === undefined ? sql`` : sql`AND uc.utente_id = ${soloUtenteId}`}
    ORDER BY lower(u.cognome), lower(u.nome), u.id`;
}
