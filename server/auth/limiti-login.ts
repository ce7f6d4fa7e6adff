import { and, eq, sql as dsql } from 'drizzle-orm';
import type { PendingQuery, Row } from 'postgres';
import type { Db, Sql } from '../db/client.js';
import { tentativiLogin } from '../db/schema/index.js';
import { tooManyRequests } from '../lib/errors.js';

/**
 * Failed logins (docs/regole/accesso.md#login-limits, docs/decisions/limiti-login.md), customers' and admins' alike, counted
 * from tentativi_login. A refused attempt is answered at once with 429 and how long to wait; it is
 * neither checked nor counted, and nothing waits on the server.
 * - An account from one address: `perAccountAndIp` failures in `windowMinutes` lock that pair
 *   until the oldest of them ages out.
 * - An account from every address: past `perAccount` failures in `accountWindowMinutes`, the next
 *   attempt waits a delay after the last failure that doubles with each one (30 s, 1 min, 2 min …
 *   at most 15 min), the right password too: an attacker spreading guesses over addresses gets
 *   fewer than 30 an hour.
 * - An address across accounts: past `perIp` failures in `windowMinutes`, a username that failed
 *   from it waits the same growing delay after its last failure there (unknown usernames too:
 *   failures are recorded by the name typed). A username with no failure from it is checked as
 *   usual: a bot or a colleague's typos behind the office's router never refuse your password.
 */
export const LIMITS = {
  windowMinutes: 15,
  perAccountAndIp: 10,
  accountWindowMinutes: 60,
  perAccount: 20,
  perIp: 100,
  delayBaseSeconds: 30,
  delayMaxSeconds: 15 * 60,
} as const;

/** The delay after `n` failures beyond a threshold (n ≥ 0): 30 s, then doubling, at most 15 min. */
export const ritardoMs = (n: number) =>
  Math.min(LIMITS.delayBaseSeconds * 2 ** Math.min(n, 20), LIMITS.delayMaxSeconds) * 1000;

/** Failures that matter to one attempt, with the database's clock (ms since the epoch). */
type Fallimenti = {
  ora: number;
  /** Of this account from this address in the window: how many, the 10th most recent, the last. */
  coppia: number;
  coppiaLimite: number | null;
  coppiaUltima: number | null;
  /** Of this account from every address in the account window: how many, the last. */
  account: number;
  accountUltima: number | null;
  /** From this address in the window, any username. */
  indirizzo: number;
};

/** Milliseconds this attempt must wait under the rules above; 0 when it may be checked now. */
export function attesaMs(f: Fallimenti): number {
  const attese = [0];
  if (f.coppia >= LIMITS.perAccountAndIp) attese.push(f.coppiaLimite! + LIMITS.windowMinutes * 60_000 - f.ora);
  if (f.account >= LIMITS.perAccount) attese.push(f.accountUltima! + ritardoMs(f.account - LIMITS.perAccount) - f.ora);
  if (f.indirizzo >= LIMITS.perIp && f.coppia > 0) attese.push(f.coppiaUltima! + ritardoMs(f.coppia - 1) - f.ora);
  return Math.max(...attese);
}

/** 'Riprova tra 45 secondi.' / 'Riprova tra 8 minuti.' */
function riprovaTra(secondi: number): string {
  if (secondi < 120) return `Riprova tra ${secondi} ${secondi === 1 ? 'secondo' : 'secondi'}.`;
  return `Riprova tra ${Math.ceil(secondi / 60)} minuti.`;
}

const epoch = (sql: Sql, col: PendingQuery<Row[]>) => sql`(extract(epoch FROM ${col}) * 1000)::float8`;

/** Throws 429 'Troppi tentativi di accesso. Riprova tra N secondi.' while this attempt must wait. */
export async function verificaLimitiLogin(db: Db, username: string, ip: string): Promise<void> {
  const sql = db.$client;
  const nome = username.slice(0, 200);
  const coppia = sql`ip = ${ip} AND lower(username) = lower(${nome}) AND created_at > now() - make_interval(mins => ${LIMITS.windowMinutes})`;
  const account = sql`lower(username) = lower(${nome}) AND created_at > now() - make_interval(mins => ${LIMITS.accountWindowMinutes})`;
  const indirizzo = sql`ip = ${ip} AND created_at > now() - make_interval(mins => ${LIMITS.windowMinutes})`;
  const [f] = await sql<Fallimenti[]>`
    SELECT ${epoch(sql, sql`now()`)} AS ora,
      count(*) FILTER (WHERE ${coppia})::int AS coppia,
      ${epoch(sql, sql`(array_agg(created_at ORDER BY created_at DESC) FILTER (WHERE ${coppia}))[${LIMITS.perAccountAndIp}]`)} AS "coppiaLimite",
      ${epoch(sql, sql`max(created_at) FILTER (WHERE ${coppia})`)} AS "coppiaUltima",
      count(*) FILTER (WHERE ${account})::int AS account,
      ${epoch(sql, sql`max(created_at) FILTER (WHERE ${account})`)} AS "accountUltima",
      count(*) FILTER (WHERE ${indirizzo})::int AS indirizzo
    FROM tentativi_login
    WHERE (${indirizzo}) OR (${account})`;
  const secondi = Math.ceil(attesaMs(f!) / 1000);
  if (secondi > 0) throw tooManyRequests(`Troppi tentativi di accesso. ${riprovaTra(secondi)}`, secondi);
}

export async function registraLoginFallito(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(tentativiLogin).values({ username: username.slice(0, 200), ip });
}

/**
 * A successful login forgives this account's earlier typos from this address. Failures from other
 * addresses stay: the owner's logins must not give an attacker elsewhere fresh guesses.
 */
export async function azzeraLoginFalliti(db: Db, username: string, ip: string): Promise<void> {
  await db.delete(tentativiLogin).where(and(eq(tentativiLogin.ip, ip), dsql`lower(${tentativiLogin.username}) = lower(${username})`));
}

/** login_attempts/delete_all: every counter above starts again (with the devices' waiting list). */
export async function cancellaTentativi(db: Db): Promise<number> {
  const rows = await db.delete(tentativiLogin).returning({ id: tentativiLogin.id });
  return rows.length;
}
