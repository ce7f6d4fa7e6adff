import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MSG_TOKEN } from '../../shared/token.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/errors.js';
import { hashToken } from './sessioni.js';

/** The token a `token` call was made with. */
export interface TokenApi {
  id: number;
  nome: string;
}

/** What a token looks like: a recognisable prefix and 256 random bits. */
export const nuovoToken = () => `pbf_${crypto.randomBytes(32).toString('base64url')}`;
const FORMA = /^pbf_[A-Za-z0-9_-]{43}$/;
const tokenNonValido = (msg: string) => new HttpError(401, 'token_non_valido', msg);

/**
 * The API token of the request (`Authorization: Bearer pbf_…`), live (not revoked); 401 otherwise.
 * Only the SHA-256 of a token is stored, so a stolen table lets nobody in. A session cookie never
 * counts here. The last use is recorded at most once a minute (no write per request).
 */
export async function requireToken(db: Db, req: FastifyRequest): Promise<TokenApi> {
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token || !FORMA.test(token)) throw tokenNonValido(MSG_TOKEN.mancante);
  const sql = db.$client;
  // One round trip: the token read, and its last use written when older than a minute.
  const [vivo] = await sql<TokenApi[]>`
    WITH t AS (SELECT id, nome, ultimo_uso_at FROM api_token WHERE hash = ${hashToken(token)} AND revocato_at IS NULL),
    uso AS (
      UPDATE api_token a SET ultimo_uso_at = now() FROM t
      WHERE a.id = t.id AND (t.ultimo_uso_at IS NULL OR t.ultimo_uso_at < now() - interval '1 minute')
    )
    SELECT id, nome FROM t`;
  if (!vivo) throw tokenNonValido(MSG_TOKEN.nonValido);
  return vivo;
}
