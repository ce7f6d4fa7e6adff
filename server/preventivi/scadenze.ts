import { type Db, inTransazione } from '../db/client.js';
import { accodaMail } from '../posta/accoda-mail.js';
import { inScadenza } from './mail.js';

const giorno = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' });

/**
 * The scheduled task `scadenza_preventivi` (issue 37): two days before an offer's validity ends the
 * staff member in charge is mailed, one day before the customer who asked, each once (avviso_*_at,
 * cleared by a new version or a reopening); offers past their validity become 'scaduta' (reads
 * already call them expired: statoEffettivo) with a line in the thread. All on
 * preventivi_offerte_scadenza_idx; rows under a change are skipped (SKIP LOCKED) and taken next run.
 * Answers how many expired.
 */
export async function scadenzaPreventivi(db: Db, url: string): Promise<number> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const staff = await sql<{ id: number; numero: string; scade_at: string; username: string; nome: string }[]>`
      WITH s AS (
        SELECT q.id FROM preventivi q
        WHERE q.stato = 'offerta' AND q.scade_at > now() AND q.scade_at <= now() + interval '2 days' AND q.avviso_staff_at IS NULL
        FOR NO KEY UPDATE SKIP LOCKED)
      UPDATE preventivi q SET avviso_staff_at = now() FROM s, admin_utenti a
      WHERE q.id = s.id AND a.id = q.presa_admin_id
      RETURNING q.id, q.numero, iso_utc(q.scade_at) AS scade_at, a.username, coalesce(nullif(trim(a.nome || ' ' || a.cognome), ''), a.username) AS nome`;
    for (const s of staff.filter((x) => x.username.includes('@'))) {
      await accodaMail(tx, inScadenza({ a: s.username, nome: s.nome, numero: s.numero, scade: giorno(s.scade_at), link: `${url}/admin/preventivi/dettaglio?id=${s.id}` }));
    }
    const clienti = await sql<{ id: number; numero: string; scade_at: string; username: string; nome: string }[]>`
      WITH s AS (
        SELECT q.id FROM preventivi q
        WHERE q.stato = 'offerta' AND q.scade_at > now() AND q.scade_at <= now() + interval '1 day' AND q.avviso_cliente_at IS NULL
        FOR NO KEY UPDATE SKIP LOCKED)
      UPDATE preventivi q SET avviso_cliente_at = now() FROM s, utenti u
      WHERE q.id = s.id AND u.id = q.utente_id
      RETURNING q.id, q.numero, iso_utc(q.scade_at) AS scade_at, u.username, q.utente_nome AS nome`;
    for (const c of clienti.filter((x) => x.username.includes('@'))) {
      await accodaMail(tx, inScadenza({ a: c.username, nome: c.nome, numero: c.numero, scade: giorno(c.scade_at), link: `${url}/preventivi/dettaglio?id=${c.id}` }));
    }
    const scaduti = await sql<{ id: number; versione: number }[]>`
      WITH s AS (
        SELECT q.id FROM preventivi q WHERE q.stato = 'offerta' AND q.scade_at <= now()
        FOR NO KEY UPDATE SKIP LOCKED)
      UPDATE preventivi q SET stato = 'scaduta', updated_at = now() FROM s WHERE q.id = s.id
      RETURNING q.id, q.versione`;
    if (scaduti.length > 0) {
      await sql`
        INSERT INTO preventivi_messaggi (preventivo_id, autore, autore_nome, tipo, versione, testo)
        SELECT x.id, 'sistema', 'Portale', 'scadenza', x.versione, 'Offerta scaduta.'
        FROM jsonb_to_recordset(${JSON.stringify(scaduti)}::jsonb) AS x(id int, versione int)`;
    }
    return scaduti.length;
  });
}
