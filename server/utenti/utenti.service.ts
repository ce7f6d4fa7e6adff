import { and, eq, inArray, isNull, ne, sql as dsql } from 'drizzle-orm';
import { z } from 'zod';
import type { Esito } from '../../shared/common.js';
import { MSG_UTENTI, type utentiCreateRequest } from '../../shared/utenti.js';
import { registraModifica, type NuovaModifica } from '../audit/audit.service.js';
import { hashPassword, passwordTemporanea } from '../auth/passwords.js';
import type { SessioniRecenti } from '../auth/sessioni-recenti.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { chiudiSessioniUtente } from '../auth/sessioni.js';
import { type Db, inTransazione } from '../db/client.js';
import { clienti, utenti, utentiClienti } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';
import { accodaCredenziali } from '../posta/accoda-mail.js';

/** New user codes follow the existing ones (seed/demo-anagrafica.ts): 'U' and the id on four digits. */
export const codiceUtente = (id: number) => `U${String(id).padStart(4, '0')}`;

/** Sessions ended by a committed change, forgotten in this process at once (the notice does the others). */
function dimentica(sessioni: SessioniRecenti, hashes: string[]): void {
  for (const h of hashes) sessioni.forget(h);
}

async function clientiDi(db: Db, utenteId: number): Promise<number[]> {
  const rows = await db.select({ id: utentiClienti.clienteId }).from(utentiClienti).where(eq(utentiClienti.utenteId, utenteId));
  return rows.map((r) => r.id);
}

/**
 * Records a change of a user so that the 'Storico modifiche' of the user shows it once and that of
 * each of its clients once: the first row names the user (and a client), the others one client each.
 */
async function registraPerUtente(
  db: Db, admin: AdminSessione, utenteId: number, clientiIds: number[], m: Omit<NuovaModifica, 'entita' | 'utenteId' | 'clienteId'>,
): Promise<void> {
  const base = { ...m, entita: 'utente', entitaId: utenteId };
  if (clientiIds.length === 0) return registraModifica(db, admin, { ...base, utenteId });
  for (const [i, clienteId] of clientiIds.entries()) {
    await registraModifica(db, admin, { ...base, clienteId, ...(i === 0 ? { utenteId } : {}) });
  }
}

const usernameUsato = (e: unknown): boolean => {
  const err = e as { code?: string; constraint_name?: string; cause?: { code?: string; constraint_name?: string } };
  const pg = err.cause ?? err;
  return pg.code === '23505' && pg.constraint_name === 'utenti_username_uq';
};

/**
 * utenti/create: creates a user, or updates it with utente_id. A password given by the admin is
 * temporary (the user must change it) and ends the user's sessions; an empty one on an update keeps
 * the old. Without `clienti` an update keeps the links.
 */
export async function salvaUtente(
  db: Db, sessioni: SessioniRecenti, admin: AdminSessione, input: z.output<typeof utentiCreateRequest>,
): Promise<Esito & { utente_id?: number }> {
  // argon2 costs a tenth of a second: outside the transaction, which would hold its connection.
  const passwordHash = input.password === '' ? undefined : await hashPassword(input.password);
  try {
    const esito = await inTransazione(db, async (tx) => {
      const esistente = input.utente_id === undefined ? undefined
        // An agent is edited in the agents' pages (server/agenti/): here an unknown user.
        : (await tx.select({ id: utenti.id }).from(utenti).where(and(eq(utenti.id, input.utente_id), isNull(utenti.agenteCodice))).for('update'))[0];
      if (input.utente_id !== undefined && !esistente) throw notFound(MSG_UTENTI.utenteSconosciuto);
      const [preso] = await tx.select({ id: utenti.id }).from(utenti).where(and(
        eq(dsql`lower(${utenti.username})`, input.username.toLowerCase()),
        esistente ? ne(utenti.id, esistente.id) : undefined,
      ));
      if (preso) return { status: 1, msg: MSG_UTENTI.usernameUsato };
      if (input.clienti?.length) {
        const trovati = new Set((await tx.select({ id: clienti.id }).from(clienti).where(inArray(clienti.id, input.clienti))).map((r) => r.id));
        const mancanti = input.clienti.filter((id) => !trovati.has(id));
        if (mancanti.length) return { status: 1, msg: MSG_UTENTI.clienteSconosciuto(mancanti) };
      }
      const dati = {
        username: input.username, nome: input.nome, cognome: input.cognome, nominativo: `${input.nome} ${input.cognome}`,
        tipologiaAccount: input.tipologia_account,
      };
      const dettagli = {
        username: input.username, nome: input.nome, cognome: input.cognome, tipologia_account: input.tipologia_account,
        ...(input.clienti ? { clienti: input.clienti } : {}), password_impostata: passwordHash !== undefined,
      };
      if (!esistente) {
        // The id first, so that the code can be made from it in the same insert.
        const [{ id }] = await tx.$client<[{ id: number }]>`SELECT nextval(pg_get_serial_sequence('utenti', 'id'))::int AS id`;
        await tx.insert(utenti).values({
          id, codice: codiceUtente(id), ...dati, passwordHash: passwordHash!, passwordTemporanea: true, statusLogin: 0, fatturatoMetrica: 0,
        });
        const links = input.clienti ?? [];
        if (links.length) await tx.insert(utentiClienti).values(links.map((clienteId) => ({ utenteId: id, clienteId })));
        await registraPerUtente(tx, admin, id, links, { azione: 'utente.crea', dettagli: { ...dettagli, codice: codiceUtente(id) } });
        return { status: 0, msg: MSG_UTENTI.inserito, utente_id: id, chiuse: [] as string[] };
      }
      const id = esistente.id;
      await tx.update(utenti).set({
        ...dati, updatedAt: dsql`now()`, ...(passwordHash ? { passwordHash, passwordTemporanea: true, passwordImpostataAt: dsql`now()` } : {}),
      }).where(eq(utenti.id, id));
      const prima = await clientiDi(tx, id);
      if (input.clienti) {
        const nuovi = new Set(input.clienti);
        const via = prima.filter((c) => !nuovi.has(c));
        const aggiunti = input.clienti.filter((c) => !prima.includes(c));
        if (via.length) await tx.delete(utentiClienti).where(and(eq(utentiClienti.utenteId, id), inArray(utentiClienti.clienteId, via)));
        if (aggiunti.length) await tx.insert(utentiClienti).values(aggiunti.map((clienteId) => ({ utenteId: id, clienteId })));
      }
      // A new password set by the admin ends the sessions opened with the old one.
      const chiuse = passwordHash ? await chiudiSessioniUtente(tx, id) : [];
      await registraPerUtente(tx, admin, id, [...new Set([...prima, ...(input.clienti ?? [])])], { azione: 'utente.modifica', dettagli });
      return { status: 0, msg: MSG_UTENTI.aggiornato, utente_id: id, chiuse };
    });
    const { chiuse, ...risposta } = esito as typeof esito & { chiuse?: string[] };
    dimentica(sessioni, chiuse ?? []);
    return risposta;
  } catch (e) {
    // Two admins saving the same username at once: the unique index decides.
    if (usernameUsato(e)) return { status: 1, msg: MSG_UTENTI.usernameUsato };
    throw e;
  }
}

async function utenteOppure404(db: Db, utenteId: number) {
  const [u] = await db.select().from(utenti).where(eq(utenti.id, utenteId)).for('update');
  if (!u) throw notFound(MSG_UTENTI.utenteSconosciuto);
  return u;
}

/** utenti/changeStatusLogin: 0 enabled ↔ 1 disabled; disabling ends the user's sessions. */
export async function cambiaStatoLogin(
  db: Db, sessioni: SessioniRecenti, admin: AdminSessione, utenteId: number,
): Promise<Esito & { status_login: number }> {
  const { statusLogin, chiuse } = await inTransazione(db, async (tx) => {
    const u = await utenteOppure404(tx, utenteId);
    const statusLogin = u.statusLogin === 0 ? 1 : 0;
    await tx.update(utenti).set({ statusLogin, updatedAt: dsql`now()` }).where(eq(utenti.id, utenteId));
    // Deleted, not only refused: enabling the login again must not bring old sessions back.
    const chiuse = statusLogin === 0 ? [] : await chiudiSessioniUtente(tx, utenteId);
    await registraPerUtente(tx, admin, utenteId, await clientiDi(tx, utenteId), {
      azione: statusLogin === 0 ? 'utente.abilita' : 'utente.disabilita', dettagli: { status_login: statusLogin },
    });
    return { statusLogin, chiuse };
  });
  dimentica(sessioni, chiuse);
  return { status: 0, msg: MSG_UTENTI.statoLogin, status_login: statusLogin };
}

/**
 * utenti/delete: the user goes, with its sessions, devices, client links and lists; its orders
 * stay with utente_id NULL and the code and name they were placed with (docs/decisions/user-delete-keeps-orders.md).
 */
export async function cancellaUtente(
  db: Db, sessioni: SessioniRecenti, admin: AdminSessione, utenteId: number,
): Promise<Esito> {
  const chiuse = await inTransazione(db, async (tx) => {
    const u = await utenteOppure404(tx, utenteId);
    const links = await clientiDi(tx, utenteId);
    const chiuse = await chiudiSessioniUtente(tx, utenteId);
    await tx.delete(utenti).where(eq(utenti.id, utenteId));
    await registraPerUtente(tx, admin, utenteId, links, {
      azione: 'utente.cancella', dettagli: { codice: u.codice, username: u.username, nome: u.nome, cognome: u.cognome, clienti: links },
    });
    return chiuse;
  });
  dimentica(sessioni, chiuse);
  return { status: 0, msg: MSG_UTENTI.cancellato };
}

/**
 * utenti/mandacredenziali: the old password and the sessions opened with it stop working now, and
 * a credentials mail is queued in the same transaction. The new temporary password is drawn when
 * the mail is sent (server/posta/credenziali.ts): it exists only in the mail, never in the
 * database. Until then the password is one nobody knows.
 */
export async function mandaCredenziali(
  db: Db, sessioni: SessioniRecenti, admin: AdminSessione, utenteId: number,
): Promise<Esito> {
  const [u] = await db.select().from(utenti).where(eq(utenti.id, utenteId));
  if (!u) throw notFound(MSG_UTENTI.utenteSconosciuto);
  if (!z.email().safeParse(u.username).success) return { status: 1, msg: MSG_UTENTI.usernameNonEmail };
  const passwordHash = await hashPassword(passwordTemporanea());
  const chiuse = await inTransazione(db, async (tx) => {
    const attuale = await utenteOppure404(tx, utenteId);
    // password_impostata_at is the request's time, the queued row's too: the mail's password counts from it.
    await tx.update(utenti).set({ passwordHash, passwordTemporanea: true, passwordImpostataAt: dsql`now()`, updatedAt: dsql`now()` })
      .where(eq(utenti.id, utenteId));
    const chiuse = await chiudiSessioniUtente(tx, utenteId);
    await accodaCredenziali(tx, utenteId);
    await registraPerUtente(tx, admin, utenteId, await clientiDi(tx, utenteId), {
      azione: 'utente.credenziali', dettagli: { destinatario: attuale.username },
    });
    return chiuse;
  });
  dimentica(sessioni, chiuse);
  return { status: 0, msg: MSG_UTENTI.credenziali };
}

/** utente/toggle_fatturato_metrica: shows or hides the monthly turnover to the customer. */
export async function cambiaFatturatoMetrica(db: Db, admin: AdminSessione, utenteId: number): Promise<{ status: number; new_value: number }> {
  const nuovo = await inTransazione(db, async (tx) => {
    const [row] = await tx.update(utenti)
      .set({ fatturatoMetrica: dsql`CASE WHEN ${utenti.fatturatoMetrica} = 1 THEN 0 ELSE 1 END`, updatedAt: dsql`now()` })
      .where(eq(utenti.id, utenteId)).returning({ v: utenti.fatturatoMetrica });
    if (!row) throw notFound(MSG_UTENTI.utenteSconosciuto);
    await registraPerUtente(tx, admin, utenteId, await clientiDi(tx, utenteId), {
      azione: 'utente.fatturato_metrica', dettagli: { fatturato_metrica: row.v },
    });
    return row.v;
  });
  return { status: 0, new_value: nuovo };
}
