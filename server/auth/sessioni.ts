import crypto from 'node:crypto';
import { and, eq, lt, ne, sql as dsql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_SESSION_IDLE_MINUTES, type AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { sessioni } from '../db/schema/index.js';

export type TipoSessione = 'cliente' | 'admin';

/**
 * The session cookie of each kind. In production it carries the `__Host-` prefix: the browser
 * keeps such a cookie only when it is Secure, has Path=/ and no Domain, so neither another site of
 * the domain nor a plain-HTTP answer can set or shadow it.
 */
export function cookieSessione(tipo: TipoSessione, env: AppConfig['env']): string {
  const nome = tipo === 'cliente' ? 'sid' : 'admin_sid';
  return env === 'production' ? `__Host-${nome}` : nome;
}

/** The session token a request carries for this kind of session, if any. */
export const tokenSessione = (req: FastifyRequest, tipo: TipoSessione, env: AppConfig['env']): string | undefined =>
  req.cookies[cookieSessione(tipo, env)];

/** Minutes without a request after which a session ends (SESSION_IDLE_MINUTES). */
export const minutiInattivita = (config: AppConfig): number => config.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the cookie token (256 random bits). */
export async function apriSessione(
  db: Db,
  s: { tipo: TipoSessione; utenteId?: number; adminId?: number; dispositivoId?: number; ttlHours: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessioni).values({
    tokenHash: hashToken(token),
    tipo: s.tipo,
    utenteId: s.utenteId,
    adminId: s.adminId,
    dispositivoId: s.dispositivoId,
    expiresAt: dsql`now() + make_interval(hours => ${s.ttlHours})`,
  });
  // Housekeeping on login rather than a timer: expired rows never grant access anyway.
  await db.delete(sessioni).where(lt(sessioni.expiresAt, dsql`now()`));
  return token;
}

export async function chiudiSessione(db: Db, token: string, tipo: TipoSessione): Promise<void> {
  await db.delete(sessioni).where(and(eq(sessioni.tokenHash, hashToken(token)), eq(sessioni.tipo, tipo)));
}

/**
 * Ends a customer user's sessions (login disabled, password reset by an admin, a new password),
 * all but `tranne` if given. Postgres notifies every process (trigger on sessioni); the hashes
 * returned let the caller forget them in its own process at once, after the commit.
 */
export async function chiudiSessioniUtente(db: Db, utenteId: number, tranne?: string): Promise<string[]> {
  const rows = await db.delete(sessioni)
    .where(and(eq(sessioni.utenteId, utenteId), tranne === undefined ? undefined : ne(sessioni.tokenHash, tranne)))
    .returning({ tokenHash: sessioni.tokenHash });
  return rows.map((r) => r.tokenHash);
}
