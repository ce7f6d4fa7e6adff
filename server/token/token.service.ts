import { and, eq, isNull, sql as dsql } from 'drizzle-orm';
import type { Esito } from '../../shared/common.js';
import { MSG_TOKEN, type TokenApiItem } from '../../shared/token.js';
import { registraModifica } from '../audit/audit.service.js';
import { nuovoToken } from '../auth/api-token.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { hashToken } from '../auth/sessioni.js';
import { type Db, inTransazione } from '../db/client.js';
import { apiToken } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';

/** token/list: the newest 500 tokens, each by its first letters (only a token's hash is stored). */
export async function elencoToken(db: Db): Promise<TokenApiItem[]> {
  return db.$client<TokenApiItem[]>`
    SELECT t.id, t.nome, t.prefisso, a.username AS creato_da,
      iso_utc(t.created_at) AS created_at,
      iso_utc(t.ultimo_uso_at) AS ultimo_uso_at,
      iso_utc(t.revocato_at) AS revocato_at
    FROM api_token t LEFT JOIN admin_utenti a ON a.id = t.creato_da
    ORDER BY t.id DESC LIMIT 500`;
}

/** token/create: a new token, stored as its hash with the audit record; the token itself is returned once. */
export async function creaToken(db: Db, admin: AdminSessione, nome: string): Promise<{ id: number; token: string }> {
  const token = nuovoToken();
  const id = await inTransazione(db, async (tx) => {
    const [r] = await tx.insert(apiToken)
      .values({ nome, prefisso: token.slice(0, 12), hash: hashToken(token), creatoDa: admin.id })
      .returning({ id: apiToken.id });
    await registraModifica(tx, admin, { azione: 'token.crea', entita: 'api_token', entitaId: r!.id, dettagli: { nome } });
    return r!.id;
  });
  return { id, token };
}

/** token/revoke: from now on the token opens nothing; audited. A token unknown or revoked already changes nothing (404). */
export async function revocaToken(db: Db, admin: AdminSessione, id: number): Promise<Esito> {
  return inTransazione(db, async (tx) => {
    const [r] = await tx.update(apiToken).set({ revocatoAt: dsql`now()` })
      .where(and(eq(apiToken.id, id), isNull(apiToken.revocatoAt)))
      .returning({ nome: apiToken.nome });
    if (!r) throw notFound(MSG_TOKEN.sconosciuto);
    await registraModifica(tx, admin, { azione: 'token.revoca', entita: 'api_token', entitaId: id, dettagli: { nome: r.nome } });
    return { status: 0, msg: MSG_TOKEN.revocato };
  });
}
