import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MSG_TOKEN } from '../../shared/token.js';
import { sqlOf } from '../db/client.js';
import { unauthorized } from '../lib/errors.js';
import { hashToken } from './sessions.js';

/** The token a `token` call was made with. */
export interface TokenApi {
  id: number;
  nome: string;
}

/** What a token looks like: a recognisable prefix and 256 random bits. */
export const nuovoToken = () => `pbf_${crypto.randomBytes(32).toString('base64url')}`;
const FORMA = /^pbf_[A-Za-z0-9_-]{43}$/;

/**
 * The API token of the request (`Authorization: Bearer pbf_…`), live (not revoked); 401 otherwise.
 * Only the SHA-256 of a token is stored, so a stolen table lets nobody in. A session cookie never
 * counts here. The last use is recorded at most once a minute (no write per request).
 */
export async function requireToken(req: FastifyRequest): Promise<TokenApi> {
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token || !FORMA.test(token)) throw unauthorized(MSG_TOKEN.mancante);
  const sql = sqlOf(req.server.deps.db);
  const [t] = await sql<TokenApi[]>`
    UPDATE api_token SET ultimo_uso_at = now()
    WHERE hash = ${hashToken(token)} AND revocato_at IS NULL
      AND (ultimo_uso_at IS NULL OR ultimo_uso_at < now() - interval '1 minute')
    RETURNING id, nome`;
  if (t) return t;
  const [vivo] = await sql<TokenApi[]>`SELECT id, nome FROM api_token WHERE hash = ${hashToken(token)} AND revocato_at IS NULL`;
  if (!vivo) throw unauthorized(MSG_TOKEN.nonValido);
  return vivo;
}
