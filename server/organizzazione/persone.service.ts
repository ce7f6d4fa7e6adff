import crypto from 'node:crypto';
import type { z } from 'zod';
import { ETICHETTE_RUOLO, GIORNI_INVITO, type Ruolo, type StatoPersona } from '../../shared/organizzazione-costanti.js';
import { MSG_ORGANIZZAZIONE as MSG } from '../../shared/organizzazione-persone-costanti.js';
import type { invitaRequest, invitaResponse, modificaPersonaRequest, modificaPersonaResponse, PersoneResponse } from '../../shared/organizzazione.js';
import type { Esito } from '../../shared/common.js';
import { hashPassword } from '../auth/passwords.js';
import type { SessioniRecenti } from '../auth/sessioni-recenti.js';
import { chiudiSessioniUtente } from '../auth/sessioni.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione, type Sql } from '../db/client.js';
import { badRequest, forbidden } from '../lib/errors.js';
import { accodaMail } from '../posta/accoda-mail.js';
import { collegamento } from '../posta/testi.js';
import { codiceUtente } from '../utenti/utenti.service.js';
import { type AutoreEvento, registraEvento } from './eventi.js';
import { leggiPersone } from './persone.queries.js';

/** A person's name as the screens and the history show it. */
const nomeDi = (u: { nominativo: string; nome: string; cognome: string }) => u.nominativo.trim() || `${u.nome} ${u.cognome}`.trim();
const autoreDi = (u: UtenteSessione) => ({ utenteId: u.id, nome: nomeDi(u) }) satisfies AutoreEvento;

/** organizzazione/utenti: the client's people. */
export async function persone(db: Db, utente: UtenteSessione, cliente: ClienteSessione): Promise<PersoneResponse> {
  return { utenti: await leggiPersone(db.$client, cliente.id, utente.id) };
}

/** What the Titolare sets on a link: role, limits, switches. */
interface Impostazioni {
  ruolo: Ruolo;
  limite_ordine: number | null;
  budget_mensile: number | null;
  vede_prezzi: boolean;
  vede_documenti: boolean;
}

/**
 * The person's invitation, new or renewed: valid GIORNI_INVITO days from now, its old link void at
 * once (the hash cleared), and a mail queued in the same transaction, whose token is drawn when it
 * is sent (server/posta/invito.ts). One invitation per user (inviti_utente_uq).
 */
async function rinnovaInvito(sql: Sql, utenteId: number, invitatoDa: number): Promise<void> {
  await sql`
    WITH i AS (
      INSERT INTO inviti (utente_id, invitato_da, scade_at)
      VALUES (${utenteId}, ${invitatoDa}, now() + make_interval(days => ${GIORNI_INVITO}))
      ON CONFLICT (utente_id) DO UPDATE SET token_hash = NULL, invitato_da = excluded.invitato_da,
        scade_at = excluded.scade_at, created_at = now()
      RETURNING id)
    SELECT accoda_mail(p_invito_id => i.id) FROM i`;
}

/** Two invitations of one new address at once: the unique username decides, and the loser goes again as a link. */
const usernameUsato = (e: unknown): boolean => {
  const err = e as { code?: string; constraint_name?: string; cause?: { code?: string; constraint_name?: string } };
  const pg = err.cause ?? err;
  return pg.code === '23505' && pg.constraint_name === 'utenti_username_uq';
};

/**
 * The clients of an invitation: the call's own, then each of `altri_clienti`, which must be clients
 * the session's user is Titolare of (an active link: the session holds only those); 403 for any
 * other, before anything is written.
 */
function clientiDellInvito(utente: UtenteSessione, cliente: ClienteSessione, altri: readonly { azienda_codice: string; cliente_codice: string }[]) {
  const scelti = [cliente];
  for (const a of altri) {
    const c = utente.clienti.find((x) => x.aziendaCodice === a.azienda_codice && x.codice === a.cliente_codice);
    if (!c || c.ruolo !== 'titolare' || utente.agente) throw forbidden(MSG.nonTitolareDi(`${a.azienda_codice}/${a.cliente_codice}`));
    if (!scelti.some((x) => x.id === c.id)) scelti.push(c);
  }
  return scelti;
}

/**
 * organizzazione/invita (docs/regole/organizzazione.md#invites). A new address becomes a user (the
 * admin's code rule, username the e-mail, a password nobody knows) linked as `invitato` to each
 * client of the invitation, with one invitation and its mail (which names them all). An address a
 * portal user already has links that user: `attivo` at once with one short mail (event
 * `collegamento` per client), or `invitato` if they have not accepted an invitation yet (their link
 * is renewed and covers these clients too). Already linked to one of them: 400, nothing written.
 */
export async function invita(
  db: Db, utente: UtenteSessione, cliente: ClienteSessione, input: z.output<typeof invitaRequest>,
): Promise<z.input<typeof invitaResponse>> {
  const clienti = clientiDellInvito(utente, cliente, input.altri_clienti ?? []);
  // argon2 costs a tenth of a second: outside the transaction. A random secret, never kept or sent:
  // a login with any password fails, in the time a real account's does.
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const impostazioni: Impostazioni = {
    ruolo: input.ruolo, limite_ordine: input.limite_ordine ?? null, budget_mensile: input.budget_mensile ?? null,
    vede_prezzi: input.vede_prezzi ?? true, vede_documenti: input.vede_documenti ?? true,
  };
  try {
    return await invitaUnaVolta(db, utente, clienti, input, impostazioni, passwordHash);
  } catch (e) {
    if (!usernameUsato(e)) throw e;
    return invitaUnaVolta(db, utente, clienti, input, impostazioni, passwordHash);
  }
}

function invitaUnaVolta(
  db: Db, utente: UtenteSessione, clienti: readonly ClienteSessione[], input: z.output<typeof invitaRequest>, imp: Impostazioni, passwordHash: string,
): Promise<z.input<typeof invitaResponse>> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const autore = autoreDi(utente);
    const [esistente] = await sql<{ id: number; codice: string; username: string; nome: string; cognome: string; nominativo: string; invitato: boolean }[]>`
      SELECT u.id, u.codice, u.username, u.nome, u.cognome, u.nominativo,
        EXISTS (SELECT 1 FROM inviti i WHERE i.utente_id = u.id) AS invitato
      FROM utenti u WHERE lower(u.username) = lower(${input.email})
      FOR UPDATE`;
    /** The user linked to every client of the invitation at once; 400 under `email` naming one already linked (the transaction undoes the rest). */
    const collega = async (utenteId: number, stato: StatoPersona) => {
      const fatti = new Set((await sql<{ cliente_id: number }[]>`
        INSERT INTO utenti_clienti (utente_id, cliente_id, ruolo, limite_ordine, budget_mensile, vede_prezzi, vede_documenti, stato)
        SELECT ${utenteId}, unnest(${clienti.map((c) => c.id)}::int[]), ${imp.ruolo}, ${imp.limite_ordine}, ${imp.budget_mensile},
          ${imp.vede_prezzi}, ${imp.vede_documenti}, ${stato}
        ON CONFLICT (utente_id, cliente_id) DO NOTHING
        RETURNING cliente_id`).map((r) => r.cliente_id));
      const gia = clienti.find((c) => !fatti.has(c.id));
      if (gia) {
        const msg = clienti.length === 1 ? MSG.giaCollegata : MSG.giaCollegataA(gia.ragioneSociale);
        throw badRequest(msg, { email: msg });
      }
    };
    const eventi = async (azione: 'invito' | 'collegamento', soggetto: { utenteId: number; nome: string }, email: string) => {
      for (const c of clienti) await registraEvento(tx, { clienteId: c.id, autore, azione, soggetto, dettagli: { email, dopo: imp } });
    };
    if (esistente) {
      const stato: StatoPersona = esistente.invitato ? 'invitato' : 'attivo';
      await collega(esistente.id, stato);
      const soggetto = { utenteId: esistente.id, nome: nomeDi(esistente) };
      if (esistente.invitato) {
        await rinnovaInvito(sql, esistente.id, utente.id);
        await eventi('invito', soggetto, esistente.username);
        return { status: 0, msg: MSG.invitata(esistente.username), utente_codice: esistente.codice, stato };
      }
      const nomi = clienti.map((c) => c.ragioneSociale).join(', ');
      await accodaMail(tx, collegamento({
        username: esistente.username, nome: esistente.nome, cognome: esistente.cognome, invitante: autore.nome,
        cliente: nomi, ruolo: ETICHETTE_RUOLO[imp.ruolo],
      }));
      await eventi('collegamento', soggetto, esistente.username);
      return { status: 0, msg: clienti.length === 1 ? MSG.collegata(soggetto.nome) : MSG.collegataA(soggetto.nome, nomi), utente_codice: esistente.codice, stato };
    }
    const [nome = '', ...resto] = input.nominativo.split(/\s+/);
    const cognome = resto.join(' ');
    // The id first, so that the code is made from it in the same insert (as utenti/create does).
    const [{ id }] = await sql<[{ id: number }]>`SELECT nextval(pg_get_serial_sequence('utenti', 'id'))::int AS id`;
    await sql`
      INSERT INTO utenti (id, codice, username, password_hash, nome, cognome, nominativo, tipologia_account, password_temporanea, status_login)
      VALUES (${id}, ${codiceUtente(id)}, ${input.email}, ${passwordHash}, ${nome}, ${cognome}, ${input.nominativo}, 'user', false, 0)`;
    await collega(id, 'invitato');
    // One invitation, one mail, one link for every client (the mail names them all: server/posta/invito.ts).
    await rinnovaInvito(sql, id, utente.id);
    await eventi('invito', { utenteId: id, nome: input.nominativo }, input.email);
    return { status: 0, msg: MSG.invitata(input.email), utente_codice: codiceUtente(id), stato: 'invitato' as const };
  });
}

/** A link of the client's, locked, with its user. */
interface Collegamento extends Impostazioni {
  utente_id: number;
  stato: StatoPersona;
  codice: string;
  username: string;
  nome: string;
  cognome: string;
  nominativo: string;
  /** An invitation not accepted yet (the user has never chosen a password). */
  invitato: boolean;
}

/**
 * Every link of the client, locked until the transaction ends: two changes to one client's people
 * take turns, so the last active Titolare cannot be demoted twice at once.
 */
async function collegamentiBloccati(sql: Sql, clienteId: number): Promise<Collegamento[]> {
  return sql<Collegamento[]>`
    SELECT uc.utente_id, uc.ruolo, uc.stato, uc.limite_ordine::float8 AS limite_ordine, uc.budget_mensile::float8 AS budget_mensile,
      uc.vede_prezzi, uc.vede_documenti, u.codice, u.username, u.nome, u.cognome, u.nominativo,
      EXISTS (SELECT 1 FROM inviti i WHERE i.utente_id = u.id) AS invitato
    FROM utenti_clienti uc JOIN utenti u ON u.id = uc.utente_id
    WHERE uc.cliente_id = ${clienteId}
    ORDER BY uc.utente_id
    FOR UPDATE OF uc`;
}

/** The person among the client's links; anyone else (another client's, unknown) is not this Titolare's: 403. */
function personaDelCliente(links: Collegamento[], codice: string): Collegamento {
  const p = links.find((l) => l.codice === codice);
  if (!p) throw forbidden(MSG.personaSconosciuta);
  return p;
}

/**
 * The person's sessions after a change: all deleted when no active link is left (suspended or
 * removed from their only client), else listed, for this process to forget its copies at once
 * (the utenti_clienti trigger's notice makes every process forget them).
 */
async function sessioniDopo(sql: Sql, tx: Db, utenteId: number): Promise<string[]> {
  const [attivo] = await sql`SELECT 1 FROM utenti_clienti WHERE utente_id = ${utenteId} AND stato = 'attivo' LIMIT 1`;
  if (!attivo) return chiudiSessioniUtente(tx, utenteId);
  return (await sql<{ token_hash: string }[]>`SELECT token_hash FROM sessioni WHERE utente_id = ${utenteId}`).map((r) => r.token_hash);
}

const limiti = (l: Impostazioni) => ({ limite_ordine: l.limite_ordine, budget_mensile: l.budget_mensile });
const visibilita = (l: Impostazioni) => ({ vede_prezzi: l.vede_prezzi, vede_documenti: l.vede_documenti });
const uguali = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * organizzazione/utente: role, limits, switches, suspension, or removal of one person of the
 * client, with the client's links locked (docs/regole/organizzazione.md#people). The last active
 * Titolare is never removed, suspended or demoted (400). A suspended or removed person loses the
 * client in every process at once, and every session when no active link is left. Removing an
 * invited person who has no other link deletes the user. Each kind of change is an event of the
 * history, in the same transaction, with its before and after.
 */
export async function modificaPersona(
  db: Db, sessioni: SessioniRecenti, utente: UtenteSessione, cliente: ClienteSessione, input: z.output<typeof modificaPersonaRequest>,
): Promise<z.input<typeof modificaPersonaResponse>> {
  const { risposta, chiuse } = await inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const links = await collegamentiBloccati(sql, cliente.id);
    const p = personaDelCliente(links, input.utente_codice);
    const soggetto = { utenteId: p.utente_id, nome: nomeDi(p) };
    const autore = autoreDi(utente);
    const titolareAttivo = (l: { ruolo: Ruolo; stato: StatoPersona }) => l.ruolo === 'titolare' && l.stato === 'attivo';
    const altriTitolari = links.filter((l) => l.utente_id !== p.utente_id && titolareAttivo(l)).length;
    const prima: Impostazioni = { ruolo: p.ruolo, ...limiti(p), ...visibilita(p) };

    if (input.rimuovi === true) {
      if (titolareAttivo(p) && altriTitolari === 0) throw badRequest(MSG.ultimoTitolare);
      await sql`DELETE FROM utenti_clienti WHERE utente_id = ${p.utente_id} AND cliente_id = ${cliente.id}`;
      await registraEvento(tx, {
        clienteId: cliente.id, autore, azione: 'rimozione', soggetto, dettagli: { email: p.username, prima: { ...prima, stato: p.stato } },
      });
      const [altro] = await sql`SELECT 1 FROM utenti_clienti WHERE utente_id = ${p.utente_id} LIMIT 1`;
      if (p.invitato && !altro) {
        // Never came in: nothing of theirs to keep (their sessions, devices and invitation go with them).
        const chiuse = await chiudiSessioniUtente(tx, p.utente_id);
        await sql`DELETE FROM utenti WHERE id = ${p.utente_id}`;
        return { risposta: { status: 0, msg: MSG.rimossa(soggetto.nome), utente: null }, chiuse };
      }
      return { risposta: { status: 0, msg: MSG.rimossa(soggetto.nome), utente: null }, chiuse: await sessioniDopo(sql, tx, p.utente_id) };
    }

    const dopo: Impostazioni = {
      ruolo: input.ruolo ?? p.ruolo,
      limite_ordine: input.limite_ordine === undefined ? p.limite_ordine : input.limite_ordine,
      budget_mensile: input.budget_mensile === undefined ? p.budget_mensile : input.budget_mensile,
      vede_prezzi: input.vede_prezzi ?? p.vede_prezzi,
      vede_documenti: input.vede_documenti ?? p.vede_documenti,
    };
    // Reactivated: active again, or invited again while the invitation is not accepted.
    const stato: StatoPersona = input.sospeso === true ? 'sospeso'
      : input.sospeso === false && p.stato === 'sospeso' ? (p.invitato ? 'invitato' : 'attivo') : p.stato;
    if (titolareAttivo(p) && altriTitolari === 0 && !titolareAttivo({ ruolo: dopo.ruolo, stato })) throw badRequest(MSG.ultimoTitolare);

    const eventi: Parameters<typeof registraEvento>[1][] = [];
    const evento = (azione: 'ruolo' | 'limiti' | 'permessi' | 'sospensione' | 'riattivazione', dettagli: Record<string, unknown>) =>
      eventi.push({ clienteId: cliente.id, autore, azione, soggetto, dettagli });
    if (dopo.ruolo !== prima.ruolo) evento('ruolo', { prima: { ruolo: prima.ruolo }, dopo: { ruolo: dopo.ruolo } });
    if (!uguali(limiti(prima), limiti(dopo))) evento('limiti', { prima: limiti(prima), dopo: limiti(dopo) });
    if (!uguali(visibilita(prima), visibilita(dopo))) evento('permessi', { prima: visibilita(prima), dopo: visibilita(dopo) });
    if (stato !== p.stato) evento(stato === 'sospeso' ? 'sospensione' : 'riattivazione', { prima: { stato: p.stato }, dopo: { stato } });
    if (eventi.length === 0) {
      const [attuale] = await leggiPersone(sql, cliente.id, utente.id, p.utente_id);
      return { risposta: { status: 0, msg: MSG.aggiornata, utente: attuale! }, chiuse: [] };
    }
    await sql`
      UPDATE utenti_clienti SET ruolo = ${dopo.ruolo}, limite_ordine = ${dopo.limite_ordine}, budget_mensile = ${dopo.budget_mensile},
        vede_prezzi = ${dopo.vede_prezzi}, vede_documenti = ${dopo.vede_documenti}, stato = ${stato}
      WHERE utente_id = ${p.utente_id} AND cliente_id = ${cliente.id}`;
    for (const e of eventi) await registraEvento(tx, e);
    const chiuse = await sessioniDopo(sql, tx, p.utente_id);
    const [attuale] = await leggiPersone(sql, cliente.id, utente.id, p.utente_id);
    return { risposta: { status: 0, msg: MSG.aggiornata, utente: attuale! }, chiuse };
  });
  // At once in this process (the role, the switches, the client itself); the notice does the others.
  for (const h of chiuse) sessioni.forget(h);
  return risposta;
}

/** organizzazione/reinvia: a new link for a person still invited; the old one stops working now. */
export async function reinvia(
  db: Db, utente: UtenteSessione, cliente: ClienteSessione, input: { utente_codice: string },
): Promise<Esito> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const p = personaDelCliente(await collegamentiBloccati(sql, cliente.id), input.utente_codice);
    if (p.stato !== 'invitato' || !p.invitato) throw badRequest(MSG.nonInvitata);
    await rinnovaInvito(sql, p.utente_id, utente.id);
    await registraEvento(tx, {
      clienteId: cliente.id, autore: autoreDi(utente), azione: 'invito_reinviato', soggetto: { utenteId: p.utente_id, nome: nomeDi(p) },
      dettagli: { email: p.username },
    });
    return { status: 0, msg: MSG.reinviato(p.username) };
  });
}
