import type { z } from 'zod';
import type { Esito } from '../../shared/common.js';
import type { AgenteAdmin, agentiSalvaRequest } from '../../shared/agenti-admin.js';
import { MSG_AGENTI_ADMIN, TIPOLOGIA_AGENTE } from '../../shared/agenti-costanti.js';
import { registraModifica } from '../audit/audit.service.js';
import { hashPassword } from '../auth/passwords.js';
import type { SessioniRecenti } from '../auth/sessioni-recenti.js';
import { chiudiSessioniUtente } from '../auth/sessioni.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { codiceUtente } from '../utenti/utenti.service.js';

/** The staff's management of agents (docs/regole/agenti.md#admin): every change audited in its transaction. */

const vincoloViolato = (e: unknown): string | undefined => {
  const err = e as { code?: string; constraint_name?: string; cause?: { code?: string; constraint_name?: string } };
  const pg = err.cause ?? err;
  return pg.code === '23505' ? pg.constraint_name : undefined;
};

/** The agent's row locked for the change; 404 for an id that is no agent. */
async function agenteOppure404(tx: Db, utenteId: number) {
  const [a] = await tx.$client<{ id: number; codice: string; username: string; agente_codice: string }[]>`
    SELECT id, codice, username, agente_codice FROM utenti WHERE id = ${utenteId} AND agente_codice IS NOT NULL FOR UPDATE`;
  if (!a) throw notFound(MSG_AGENTI_ADMIN.sconosciuto);
  return a;
}

/**
 * agenti/create: a new agent (the password temporary: changed at the first login), or an edit with
 * utente_id (a password given is temporary too and ends the agent's sessions). Username and agent
 * code are unique: the unique indexes decide between two saves at once.
 */
export async function salvaAgente(
  db: Db, sessioni: SessioniRecenti, admin: AdminSessione, input: z.output<typeof agentiSalvaRequest>,
): Promise<Esito & { utente_id?: number }> {
  const passwordHash = input.password === '' ? undefined : await hashPassword(input.password);
  const dettagli = { username: input.username, nome: input.nome, cognome: input.cognome, agente_codice: input.agente_codice, password_impostata: passwordHash !== undefined };
  try {
    const { esito, chiuse } = await inTransazione(db, async (tx) => {
      const sql = tx.$client;
      if (input.utente_id === undefined) {
        const [{ id }] = await sql<[{ id: number }]>`SELECT nextval(pg_get_serial_sequence('utenti', 'id'))::int AS id`;
        await sql`INSERT INTO utenti (id, codice, username, password_hash, nome, cognome, nominativo, tipologia_account, agente_codice, password_temporanea)
          VALUES (${id}, ${codiceUtente(id)}, ${input.username}, ${passwordHash!}, ${input.nome}, ${input.cognome},
            ${`${input.nome} ${input.cognome}`}, ${TIPOLOGIA_AGENTE}, ${input.agente_codice}, true)`;
        await registraModifica(tx, admin, { azione: 'agente.crea', entita: 'agente', entitaId: id, utenteId: id, dettagli: { ...dettagli, codice: codiceUtente(id) } });
        return { esito: { status: 0, msg: MSG_AGENTI_ADMIN.inserito, utente_id: id }, chiuse: [] as string[] };
      }
      const a = await agenteOppure404(tx, input.utente_id);
      await sql`UPDATE utenti SET username = ${input.username}, nome = ${input.nome}, cognome = ${input.cognome},
          nominativo = ${`${input.nome} ${input.cognome}`}, agente_codice = ${input.agente_codice}, updated_at = now()
          ${passwordHash ? sql`, password_hash = ${passwordHash}, password_temporanea = true, password_impostata_at = now()` : sql``}
        WHERE id = ${a.id}`;
      const chiuse = passwordHash ? await chiudiSessioniUtente(tx, a.id) : [];
      await registraModifica(tx, admin, { azione: 'agente.modifica', entita: 'agente', entitaId: a.id, utenteId: a.id, dettagli });
      return { esito: { status: 0, msg: MSG_AGENTI_ADMIN.aggiornato, utente_id: a.id }, chiuse };
    });
    for (const h of chiuse) sessioni.forget(h);
    return esito;
  } catch (e) {
    const vincolo = vincoloViolato(e);
    if (vincolo === 'utenti_username_uq') return { status: 1, msg: MSG_AGENTI_ADMIN.usernameUsato };
    if (vincolo === 'utenti_agente_codice_uq') return { status: 1, msg: MSG_AGENTI_ADMIN.codiceUsato };
    throw e;
  }
}

/** agenti/stato: enables or disables the agent's login; disabling ends their sessions. Idempotent. */
export async function cambiaStatoAgente(
  db: Db, sessioni: SessioniRecenti, admin: AdminSessione, utenteId: number, attivo: boolean,
): Promise<Esito> {
  const chiuse = await inTransazione(db, async (tx) => {
    const a = await agenteOppure404(tx, utenteId);
    const [cambiato] = await tx.$client`UPDATE utenti SET status_login = ${attivo ? 0 : 1}, updated_at = now()
      WHERE id = ${a.id} AND status_login <> ${attivo ? 0 : 1} RETURNING id`;
    if (!cambiato) return [];
    const chiuse = attivo ? [] : await chiudiSessioniUtente(tx, a.id);
    await registraModifica(tx, admin, { azione: attivo ? 'agente.abilita' : 'agente.disabilita', entita: 'agente', entitaId: a.id, utenteId: a.id, dettagli: { status_login: attivo ? 0 : 1 } });
    return chiuse;
  });
  for (const h of chiuse) sessioni.forget(h);
  return { status: 0, msg: attivo ? MSG_AGENTI_ADMIN.abilitato : MSG_AGENTI_ADMIN.disabilitato };
}

/**
 * agenti/portafoglio: a client added to or taken out of an agent's portfolio by hand (origine
 * 'admin'). Taking it out ends at once a session of the agent acting for it (the trigger on
 * agenti_clienti). Doing it twice changes nothing the second time and says so.
 */
export async function cambiaPortafoglio(
  db: Db, admin: AdminSessione, input: { utente_id: number; azienda_codice: string; cliente_codice: string; azione: 'aggiungi' | 'rimuovi' },
): Promise<Esito> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const a = await agenteOppure404(tx, input.utente_id);
    const [c] = await sql<{ id: number; ragione_sociale: string }[]>`
      SELECT id, ragione_sociale FROM clienti WHERE azienda_codice = ${input.azienda_codice} AND codice = ${input.cliente_codice}`;
    if (!c) throw notFound(MSG_AGENTI_ADMIN.clienteSconosciuto);
    const righe = input.azione === 'aggiungi'
      ? await sql`INSERT INTO agenti_clienti (agente_id, cliente_id, origine) VALUES (${a.id}, ${c.id}, 'admin') ON CONFLICT DO NOTHING RETURNING cliente_id`
      : await sql`DELETE FROM agenti_clienti WHERE agente_id = ${a.id} AND cliente_id = ${c.id} RETURNING cliente_id`;
    if (righe.length === 0) return { status: 1, msg: input.azione === 'aggiungi' ? MSG_AGENTI_ADMIN.giaPresente : MSG_AGENTI_ADMIN.nonPresente };
    await registraModifica(tx, admin, {
      azione: input.azione === 'aggiungi' ? 'agente.cliente_aggiunto' : 'agente.cliente_tolto', entita: 'agente', entitaId: a.id,
      utenteId: a.id, clienteId: c.id,
      dettagli: { agente_codice: a.agente_codice, azienda_codice: input.azienda_codice, cliente_codice: input.cliente_codice, ragione_sociale: c.ragione_sociale },
    });
    return { status: 0, msg: input.azione === 'aggiungi' ? MSG_AGENTI_ADMIN.aggiunto : MSG_AGENTI_ADMIN.tolto };
  });
}

/** LIKE wildcards in a search word are searched as text. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * agenti/read: the agents by surname (utenti_cognome_nome_idx), each word of the search anywhere in
 * username, name, surname, user or agent code; with the size of each portfolio (its primary key).
 */
export async function leggiAgenti(
  db: Db, f: { stringa?: string; utente_id?: number; start: number; limit: number },
): Promise<{ agenti: AgenteAdmin[]; totale: number }> {
  const sql = db.$client;
  let w = sql`WHERE u.agente_codice IS NOT NULL`;
  if (f.utente_id !== undefined) w = sql`${w} AND u.id = ${f.utente_id}`;
  for (const p of (f.stringa ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    w = sql`${w} AND lower(u.username || ' ' || u.nome || ' ' || u.cognome || ' ' || u.codice || ' ' || u.agente_codice) LIKE ${`%${escapeLike(p.toLowerCase())}%`}`;
  }
  const [agenti, [tot]] = await Promise.all([
    sql<AgenteAdmin[]>`
      SELECT u.id AS utente_id, u.codice AS utente_codice, u.agente_codice, u.username, u.nome, u.cognome, u.status_login::int AS status_login,
        (SELECT count(*)::int FROM agenti_clienti ac WHERE ac.agente_id = u.id) AS clienti_n
      FROM utenti u ${w}
      ORDER BY lower(u.cognome), lower(u.nome), u.id LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM utenti u ${w}`,
  ]);
  return { agenti: [...agenti], totale: tot?.n ?? 0 };
}

/** agenti/clienti: one page of an agent's portfolio by client name; 404 for an id that is no agent. */
export async function leggiPortafoglio(db: Db, f: { utente_id: number; start: number; limit: number }) {
  const sql = db.$client;
  const [a] = await sql`SELECT 1 FROM utenti WHERE id = ${f.utente_id} AND agente_codice IS NOT NULL`;
  if (!a) throw notFound(MSG_AGENTI_ADMIN.sconosciuto);
  const [clienti, [tot]] = await Promise.all([
    sql<{ cliente_id: number; azienda_codice: string; cliente_codice: string; ragione_sociale: string; origine: string }[]>`
      SELECT c.id AS cliente_id, c.azienda_codice, c.codice AS cliente_codice, c.ragione_sociale, ac.origine
      FROM agenti_clienti ac JOIN clienti c ON c.id = ac.cliente_id WHERE ac.agente_id = ${f.utente_id}
      ORDER BY c.ragione_sociale, c.id LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM agenti_clienti WHERE agente_id = ${f.utente_id}`,
  ]);
  return { clienti: [...clienti], totale: tot?.n ?? 0 };
}
