import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { tentativiLogin } from '../db/schema/index.js';
import { tooManyRequests } from '../lib/errors.js';

/** Failed logins allowed per window (DESIGN §5): per account+address, and per address overall. */
export const LIMITS = { windowMinutes: 15, perAccountAndIp: 10, perIp: 100 } as const;

const since = sql`now() - make_interval(mins => ${LIMITS.windowMinutes})`;

/** Throws 429 when this account from this address, or this address overall, failed too often. */
export async function assertLoginAllowed(db: DbOrTx, username: string, ip: string): Promise<void> {
  const [row] = await db.select({
    perIp: count(),
    perAccount: sql<number>`count(*) FILTER (WHERE lower(${tentativiLogin.username}) = lower(${username}))::int`,
  }).from(tentativiLogin).where(and(eq(tentativiLogin.ip, ip), gt(tentativiLogin.createdAt, since)));
  if ((row?.perAccount ?? 0) >= LIMITS.perAccountAndIp || (row?.perIp ?? 0) >= LIMITS.perIp) {
    throw tooManyRequests();
  }
}

export async function recordFailedLogin(db: DbOrTx, username: string, ip: string): Promise<void> {
  await db.insert(tentativiLogin).values({ username: username.slice(0, 200), ip });
}

/** A successful login forgives this account's earlier typos from this address. */
export async function clearFailedLogins(db: DbOrTx, username: string, ip: string): Promise<void> {
  await db.delete(tentativiLogin).where(and(eq(tentativiLogin.ip, ip), sql`lower(${tentativiLogin.username}) = lower(${username})`));
}

export async function deleteAllAttempts(db: DbOrTx): Promise<number> {
  const rows = await db.delete(tentativiLogin).returning({ id: tentativiLogin.id });
  return rows.length;
}
