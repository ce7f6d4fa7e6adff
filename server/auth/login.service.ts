import { eq, sql as dsql } from 'drizzle-orm';
import type { AdminInfo, LoginClienteResponse, UtenteLogin } from '../../shared/accesso.js';
import { listinoEffettivo } from '../../shared/listini.js';
import type { Db } from '../db/client.js';
import { adminUtenti, utenti } from '../db/schema/index.js';
import { registraDispositivo, type DispositivoLogin } from './dispositivi.js';
import { azzeraLoginFalliti, registraLoginFallito, verificaLimitiLogin } from './limiti-login.js';
import { hashPassword, needsRehash, ORE_PASSWORD_TEMPORANEA, verifyPassword } from './passwords.js';
import { agenteCliente, utenteJson, type UtenteSessione } from './utente-sessione.js';
import { apriSessione } from './sessioni.js';

export const MSG = {
  credenziali: 'Username o password non corretti.',
  disabilitato: "Accesso disabilitato: contatta l'amministratore del portale.",
  dispositivo: "Questo dispositivo non è ancora autorizzato all'accesso. La richiesta è stata inviata all'amministratore: riprova dopo l'approvazione.",
  scaduta: "Password temporanea scaduta: chiedi nuove credenziali all'amministratore.",
  ok: 'Login effettuato con successo.',
} as const;

/** The utente of the login answer (docs/regole/accesso.md#customer-login), built from the session user. */
export function toUtenteLogin(u: UtenteSessione, status = 0, msg: string = MSG.ok): UtenteLogin {
  return {
    status,
    msg,
    utente_codice: u.codice,
    username: u.username,
    nome: u.nome,
    cognome: u.cognome,
    nominativo: u.nominativo,
    tipologia_account: u.tipologiaAccount,
    fatturato_metrica: u.fatturatoMetrica,
    cambio_password: u.cambioPassword ? 1 : 0,
    // A sales agent: their code, and (in `clienti`, alone) the client the session acts for, if any.
    agente: u.agente ? { agente_codice: u.agente.codice, in_cliente: u.agente.clienteId !== null } : null,
    clienti: u.clienti.map((c) => ({
      azienda_codice: c.aziendaCodice,
      azienda_ragionesociale: c.aziendaRagioneSociale,
      cliente_codice: c.codice,
      cliente_ragionesociale: c.ragioneSociale,
      cliente_lis_maga: listinoEffettivo(c.lisMaga),
      ruolo: c.ruolo,
      vede_prezzi: c.vedePrezzi,
      vede_documenti: c.vedeDocumenti,
      limite_ordine: c.limiteOrdine === null ? null : Number(c.limiteOrdine),
      budget_mensile: c.budgetMensile === null ? null : Number(c.budgetMensile),
    })),
  };
}

const fallita = (msg: string): LoginClienteResponse => ({ utente: { status: 1, msg, clienti: [] } });

/**
 * Customer login (docs/regole/accesso.md#customer-login): password, enabled login, a temporary password still within its
 * ORE_PASSWORD_TEMPORANEA hours, dispositivo rules; a session only when the user has clients to work
 * for. Returns the answer and the session token, if one was opened.
 */
export async function loginCliente(
  db: Db,
  /** The switches (impostazioni.service.ts's Impostazioni, which auth, below that domain, does not import). */
  impostazioni: { get(chiave: 'approvazione_dispositivi'): Promise<boolean> },
  oreSessione: number,
  input: { username: string; password: string } & Omit<DispositivoLogin, 'ip'>,
  ip: string,
): Promise<{ body: LoginClienteResponse; token?: string }> {
  await verificaLimitiLogin(db, input.username, ip);
  const sql = db.$client;
  const rows = await sql<{ hash: string; status_login: number; scaduta: boolean; utente: UtenteSessione }[]>`
    SELECT u.password_hash AS hash, u.status_login,
      u.password_temporanea AND u.password_impostata_at <= now() - make_interval(hours => ${ORE_PASSWORD_TEMPORANEA}) AS scaduta,
      ${utenteJson(sql)} AS utente
    FROM utenti u ${agenteCliente(sql)} WHERE lower(u.username) = lower(${input.username})`;
  const row = rows[0];
  if (!(await verifyPassword(row?.hash, input.password)) || !row) {
    await registraLoginFallito(db, input.username, ip);
    return { body: fallita(MSG.credenziali) };
  }
  await azzeraLoginFalliti(db, input.username, ip);
  const utente = row.utente;
  if (needsRehash(row.hash)) {
    await db.update(utenti).set({ passwordHash: await hashPassword(input.password) }).where(eq(utenti.id, utente.id));
  }
  if (row.status_login !== 0) return { body: fallita(MSG.disabilitato) };
  if (row.scaduta) return { body: fallita(MSG.scaduta) };
  const dispositivo = await registraDispositivo(db, utente.id, { ...input, ip }, await impostazioni.get('approvazione_dispositivi'));
  if (!dispositivo.authorized) return { body: fallita(MSG.dispositivo) };
  // An agent works from their portfolio (docs/regole/agenti.md): a session with no client until agente/entra.
  if (utente.clienti.length === 0 && !utente.agente) return { body: { utente: toUtenteLogin(utente) } };
  const token = await apriSessione(db, {
    tipo: 'cliente', utenteId: utente.id, dispositivoId: dispositivo.id, ttlHours: oreSessione,
  });
  // 'La mia azienda' shows it (docs/regole/organizzazione.md#people); not a column that notifies sessions.
  await sql`UPDATE utenti SET ultimo_accesso_at = now() WHERE id = ${utente.id}`;
  return { body: { utente: toUtenteLogin(utente) }, token };
}

export async function loginBackend(
  db: Db, oreSessione: number, input: { username: string; password: string }, ip: string,
): Promise<{ status: number; msg: string; utente?: AdminInfo; token?: string }> {
  await verificaLimitiLogin(db, input.username, ip);
  const [admin] = await db.select().from(adminUtenti).where(eq(dsql`lower(${adminUtenti.username})`, input.username.toLowerCase()));
  if (!(await verifyPassword(admin?.passwordHash, input.password)) || !admin) {
    await registraLoginFallito(db, input.username, ip);
    return { status: 1, msg: MSG.credenziali };
  }
  await azzeraLoginFalliti(db, input.username, ip);
  if (needsRehash(admin.passwordHash)) {
    await db.update(adminUtenti).set({ passwordHash: await hashPassword(input.password) }).where(eq(adminUtenti.id, admin.id));
  }
  const token = await apriSessione(db, { tipo: 'admin', adminId: admin.id, ttlHours: oreSessione });
  return {
    status: 0,
    msg: MSG.ok,
    utente: { id: admin.id, username: admin.username, nome: admin.nome, cognome: admin.cognome, tipologia: admin.tipologia as AdminInfo['tipologia'] },
    token,
  };
}
