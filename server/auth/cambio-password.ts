import { eq, sql as dsql } from 'drizzle-orm';
import type { Esito } from '../../shared/common.js';
import { MSG_PASSWORD } from '../../shared/utenti.js';
import { PASSWORD_MIN } from '../../shared/accesso-costanti.js';
import { type Db, inTransazione } from '../db/client.js';
import { utenti } from '../db/schema/index.js';
import { HttpError } from '../lib/errors.js';
import { azzeraLoginFalliti, registraLoginFallito, verificaLimitiLogin } from './limiti-login.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessioniRecenti } from './sessioni-recenti.js';
import type { UtenteSessione } from './utente-sessione.js';
import { chiudiSessioniUtente } from './sessioni.js';

/** Lowercase letters and digits only: 'Ferramenta Rossi S.n.c.' → words ferramenta, rossi, s, n, c. */
const parole = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const FORME_SOCIETARIE = new Set(['srl', 'srls', 'snc', 'spa', 'sas', 'sapa', 'ss', 'soc', 'coop', 'di', 'e', 'figli']);
const ANNO = '(?:19|20)?\\d{2}';

/**
 * Why a new password is too weak (docs/regole/accesso.md#password-change), or null: under 12 characters, the username, or a
 * company name of the user with a year (the screen's pre-fill is the name plus '2024'), with or
 * without its legal form, spaces, punctuation or case.
 */
export function motivoPasswordDebole(nuova: string, u: { username: string; aziende: string[] }): string | null {
  if ([...nuova].length < PASSWORD_MIN) return MSG_PASSWORD.corta;
  if (nuova.trim().toLowerCase() === u.username.trim().toLowerCase()) return MSG_PASSWORD.username;
  const pw = parole(nuova).join('');
  for (const nome of u.aziende) {
    const w = parole(nome);
    const varianti = new Set([w.join(''), w.filter((p) => p.length > 1 && !FORME_SOCIETARIE.has(p)).join('')]);
    for (const v of varianti) {
      if (v.length < 3) continue;
      if (new RegExp(`^(?:${v}${ANNO}|${ANNO}${v})$`).test(pw)) return MSG_PASSWORD.azienda;
    }
  }
  return null;
}

const passwordDebole = (msg: string) => new HttpError(400, 'password_debole', msg, {}, { nuova_password: msg });

/**
 * password/cambia: the current password, then a strong new one, which is no longer temporary.
 * Refusals are 400s whose code names the field: 'password_errata' (the current one) or
 * 'password_debole' (the new one), with that field in `campi`. Wrong current passwords count as failed logins (the same
 * limits, 429), so a session left open cannot be used to guess it. The user's other sessions end;
 * this one goes on.
 */
export async function cambiaPassword(
  db: Db, sessioni: SessioniRecenti, utente: UtenteSessione, tokenHash: string,
  input: { password_attuale: string; nuova_password: string }, ip: string,
): Promise<Esito> {
  await verificaLimitiLogin(db, utente.username, ip);
  const [row] = await db.select({ hash: utenti.passwordHash }).from(utenti).where(eq(utenti.id, utente.id));
  if (!row || !(await verifyPassword(row.hash, input.password_attuale))) {
    await registraLoginFallito(db, utente.username, ip);
    throw new HttpError(400, 'password_errata', MSG_PASSWORD.attualeErrata, {}, { password_attuale: MSG_PASSWORD.attualeErrata });
  }
  await azzeraLoginFalliti(db, utente.username, ip);
  if (input.nuova_password === input.password_attuale) throw passwordDebole(MSG_PASSWORD.uguale);
  const debole = motivoPasswordDebole(input.nuova_password, {
    username: utente.username,
    aziende: utente.clienti.flatMap((c) => [c.ragioneSociale, c.aziendaRagioneSociale]),
  });
  if (debole) throw passwordDebole(debole);
  const passwordHash = await hashPassword(input.nuova_password);
  const chiuse = await inTransazione(db, async (tx) => {
    await tx.update(utenti).set({ passwordHash, passwordTemporanea: false, passwordImpostataAt: dsql`now()`, updatedAt: dsql`now()` })
      .where(eq(utenti.id, utente.id));
    return chiudiSessioniUtente(tx, utente.id, tokenHash);
  });
  // The flag's notice reaches every process; this one forgets its own copy now.
  sessioni.forget(tokenHash);
  for (const h of chiuse) sessioni.forget(h);
  return { status: 0, msg: MSG_PASSWORD.cambiata };
}
