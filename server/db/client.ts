import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { DEFAULT_DB_CONNECT_TIMEOUT_SECONDS } from '../config.js';
import * as schema from './schema/index.js';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle or the database itself: query modules accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * postgres.js itself: its tagged queries are prepared statements, cached per connection. The hot
 * read paths (session look-up, product pages, search) use it directly; drizzle's raw execute
 * re-plans every statement.
 */
export type Sql = postgres.Sql;

export interface Database {
  db: Db;
  sql: postgres.Sql;
  close: () => Promise<void>;
}

export interface ConnectOptions {
  max?: number;
  genericPlans?: boolean;
  /** Wait for a new connection before its query fails with CONNECT_TIMEOUT. */
  connectTimeoutSeconds?: number;
  /** Postgres statement_timeout; absent or 0 for none (seeds, migrations and the bench run long statements). */
  statementTimeoutSeconds?: number;
  /** How pg_stat_activity names the connections ('portale-b2b' when not given). */
  applicationName?: string;
}

/**
 * Pause before a closed connection of the pool connects again, in seconds. postgres.js counts
 * failed connects across the pool and waits up to 20 s by default (3^n / 100): after a 6 s outage
 * requests queued behind that pause for up to 18 s and service came back 6 s after Postgres did.
 * A refused connect costs nothing, so the pause stays short: 0.1 s doubling up to 0.5 s, with
 * postgres.js's jitter so that processes do not reconnect in step.
 */
export const reconnectPause = (failures: number) => (0.5 + Math.random() / 2) * Math.min(0.1 * 2 ** failures, 0.5);

export function connect(url: string, opts: ConnectOptions = {}): Database {
  const sql = postgres(url, {
    max: opts.max ?? 20,
    connect_timeout: opts.connectTimeoutSeconds ?? DEFAULT_DB_CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectPause,
    onnotice: () => {},
    // numeric stays a string in JS; money is never a float on the way in.
    types: { bigint: postgres.BigInt },
    connection: {
      application_name: opts.applicationName ?? 'portale-b2b',
      // Prepared statements keep one generic plan instead of re-planning per call (the search
      // functions in server/catalogo/sql/ set plan_cache_mode = auto: their LIKE prefixes need
      // plans for the actual values).
      ...(opts.genericPlans ? { plan_cache_mode: 'force_generic_plan' } : {}),
      // Sent in the startup packet, so it holds for every connection, also after a reconnect.
      ...(opts.statementTimeoutSeconds ? { statement_timeout: Math.round(opts.statementTimeoutSeconds * 1000) } : {}),
    },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}

/**
 * postgres.js on the connection of a drizzle handle: the pool for the database itself, and inside
 * `db.transaction(async (tx) => …)` the transaction's own connection. Services take one handle
 * (`db`) and write tagged SQL with `sqlOf(db)` (prepared statements, for hot paths and the SQL
 * functions) beside drizzle's builders, in the same transaction when there is one. drizzle keeps
 * its postgres.js client on its session (the same object for every call, so it can key caches).
 * Inside a transaction only queries work (no listen, no nested begin: use `db.transaction`).
 */
export function sqlOf(db: DbOrTx): Sql {
  return (db as unknown as { _: { session: { client: Sql } } })._.session.client;
}
