import type { Esito } from '../../shared/common.js';
import { MSG_ORGANIZZAZIONE as MSG } from '../../shared/organizzazione-persone-costanti.js';
import { motivoPasswordDebole } from '../auth/cambio-password.js';
import { registraLoginFallito, verificaLimitiLogin } from '../auth/limiti-login.js';
import { hashPassword } from '../auth/passwords.js';
import type { SessioniRecenti } from '../auth/sessioni-recenti.js';
import { chiudiSessioniUtente, hashToken } from '../auth/sessioni.js';
import { type Db, inTransazione } from '../db/client.js';
import { HttpError } from '../lib/errors.js';
import { registraEvento } from './eventi.js';

const linkNonValido = () => new HttpError(400, 'link_non_valido', MSG.linkNonValido);

/**
 * invito/accetta (docs/regole/organizzazione.md#invites), as password/reimposta: the link's token,
 * then a password by the portal's rules (a weak one is refused under its field and leaves the link
 * usable). The invitation works once, within its days: taking it deletes it, so of two uses at once
 * one finds it gone. The password is the user's own; the user's invited links become active, each
 * an event `invito_accettato` of its client's history; any session of the user ends. Unknown tokens
 * count as failed logins of the address (`invito:` and the address), so the limits slow a guesser.
 */
export async function accettaInvito(db: Db, sessioni: SessioniRecenti, input: { token: string; password: string }, ip: string): Promise<Esito> {
  const chiave = `invito:${ip}`;
  await verificaLimitiLogin(db, chiave, ip);
  const tokenHash = hashToken(input.token);
  const [r] = await db.$client<{ id: number; valido: boolean; utente_id: number; username: string; nome: string; aziende: string[] }[]>`
    SELECT i.id, i.scade_at > now() AS valido, u.id AS utente_id, u.username,
      coalesce(nullif(u.nominativo, ''), trim(u.nome || ' ' || u.cognome)) AS nome,
      coalesce((SELECT array_agg(x.nome) FROM (
        SELECT c.ragione_sociale AS nome FROM utenti_clienti uc JOIN clienti c ON c.id = uc.cliente_id WHERE uc.utente_id = u.id
        UNION SELECT a.ragione_sociale FROM utenti_clienti uc JOIN clienti c ON c.id = uc.cliente_id
          JOIN aziende a ON a.codice = c.azienda_codice WHERE uc.utente_id = u.id) x), '{}') AS aziende
    FROM inviti i JOIN utenti u ON u.id = i.utente_id
    WHERE i.token_hash = ${tokenHash}`;
  if (!r) {
    await registraLoginFallito(db, chiave, ip);
    throw linkNonValido();
  }
  if (!r.valido) throw new HttpError(400, 'link_scaduto', MSG.linkScaduto);
  const debole = motivoPasswordDebole(input.password, { username: r.username, aziende: r.aziende });
  if (debole) throw new HttpError(400, 'password_debole', debole, {}, { password: debole });
  const passwordHash = await hashPassword(input.password);
  const chiuse = await inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const presi = await sql`DELETE FROM inviti WHERE id = ${r.id} AND token_hash = ${tokenHash} AND scade_at > now() RETURNING id`;
    if (presi.length === 0) throw linkNonValido();
    await sql`
      UPDATE utenti SET password_hash = ${passwordHash}, password_temporanea = false, password_impostata_at = now(), updated_at = now()
      WHERE id = ${r.utente_id}`;
    const clienti = await sql<{ cliente_id: number }[]>`
      UPDATE utenti_clienti SET stato = 'attivo' WHERE utente_id = ${r.utente_id} AND stato = 'invitato' RETURNING cliente_id`;
    const persona = { utenteId: r.utente_id, nome: r.nome };
    for (const c of clienti) {
      await registraEvento(tx, { clienteId: c.cliente_id, autore: persona, azione: 'invito_accettato', soggetto: persona, dettagli: { email: r.username } });
    }
    return chiudiSessioniUtente(tx, r.utente_id);
  });
  for (const h of chiuse) sessioni.forget(h);
  return { status: 0, msg: MSG.passwordImpostata };
}
