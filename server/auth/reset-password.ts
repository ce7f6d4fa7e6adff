import { MINUTI_LINK_PASSWORD } from '../../shared/accesso-costanti.js';
import type { Esito } from '../../shared/common.js';
import { MSG_RESET_PASSWORD } from '../../shared/utenti.js';
import { type Db, inTransazione } from '../db/client.js';
import { HttpError } from '../lib/errors.js';
import { motivoPasswordDebole } from './cambio-password.js';
import { registraLoginFallito, verificaLimitiLogin } from './limiti-login.js';
import { hashPassword } from './passwords.js';
import type { SessioniRecenti } from './sessioni-recenti.js';
import { chiudiSessioniUtente, hashToken } from './sessioni.js';
import { agenteCliente, utenteJson, type UtenteSessione } from './utente-sessione.js';

/**
 * 'Password dimenticata?' (docs/regole/accesso.md#password-reset): for an enabled user with that
 * username, a request row and its mail, queued together; the link's token is drawn when the mail
 * is sent (server/posta/reset-password.ts). One statement whether the address is an account or not,
 * and the same answer, so that neither words nor timing tell accounts apart. Every request counts
 * towards the login limits under its own name (`reset:` and the address typed): a mailbox cannot be
 * flooded, and the account's own logins are not locked by someone else's requests.
 */
export async function chiediResetPassword(db: Db, email: string, ip: string): Promise<Esito> {
  const chiave = `reset:${email}`;
  await verificaLimitiLogin(db, chiave, ip);
  await registraLoginFallito(db, chiave, ip);
  await db.$client`
    WITH u AS (SELECT id FROM utenti WHERE lower(username) = lower(${email}) AND status_login = 0),
    r AS (INSERT INTO reset_password (utente_id) SELECT id FROM u RETURNING id)
    SELECT accoda_mail(p_reset_password_id => r.id) FROM r`;
  return { status: 0, msg: MSG_RESET_PASSWORD.richiesta };
}

const linkNonValido = () => new HttpError(400, 'link_non_valido', MSG_RESET_PASSWORD.linkNonValido);
const passwordDebole = (msg: string) => new HttpError(400, 'password_debole', msg, {}, { nuova_password: msg });

/**
 * password/reimposta: the link's token, then a strong new password (the rules of password/cambia).
 * The link works once, within MINUTI_LINK_PASSWORD of the request: using it deletes every request
 * of the user (a weak password does not use it up). The new password is the user's own (not
 * temporary), and every session of the user ends. Unknown tokens count as failed logins of the
 * address, so the limits slow down whoever tries them.
 */
export async function reimpostaPassword(
  db: Db, sessioni: SessioniRecenti, input: { token: string; nuova_password: string }, ip: string,
): Promise<Esito> {
  const chiave = `reimposta:${ip}`;
  await verificaLimitiLogin(db, chiave, ip);
  const tokenHash = hashToken(input.token);
  const [r] = await db.$client<{ id: number; valido: boolean; utente: UtenteSessione }[]>`
    SELECT r.id, r.created_at > now() - make_interval(mins => ${MINUTI_LINK_PASSWORD}) AS valido, ${utenteJson(db.$client)} AS utente
    FROM reset_password r JOIN utenti u ON u.id = r.utente_id ${agenteCliente(db.$client)}
    WHERE r.token_hash = ${tokenHash}`;
  if (!r) {
    await registraLoginFallito(db, chiave, ip);
    throw linkNonValido();
  }
  if (!r.valido) throw new HttpError(400, 'link_scaduto', MSG_RESET_PASSWORD.linkScaduto);
  const debole = motivoPasswordDebole(input.nuova_password, {
    username: r.utente.username,
    aziende: r.utente.clienti.flatMap((c) => [c.ragioneSociale, c.aziendaRagioneSociale]),
  });
  if (debole) throw passwordDebole(debole);
  const passwordHash = await hashPassword(input.nuova_password);
  const chiuse = await inTransazione(db, async (tx) => {
    const sql = tx.$client;
    // The request is taken by deleting it: of two uses at once, one finds it gone.
    const presi = await sql`DELETE FROM reset_password WHERE id = ${r.id} AND token_hash = ${tokenHash} RETURNING id`;
    if (presi.length === 0) throw linkNonValido();
    await sql`
      UPDATE utenti SET password_hash = ${passwordHash}, password_temporanea = false, password_impostata_at = now(), updated_at = now()
      WHERE id = ${r.utente.id}`;
    await sql`DELETE FROM reset_password WHERE utente_id = ${r.utente.id}`;
    return chiudiSessioniUtente(tx, r.utente.id);
  });
  // The database's notice reaches every process; this one forgets its own copies now.
  for (const h of chiuse) sessioni.forget(h);
  return { status: 0, msg: MSG_RESET_PASSWORD.impostata };
}
