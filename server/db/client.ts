import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
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

export function connect(url: string, opts: { max?: number; genericPlans?: boolean } = {}): Database {
  const sql = postgres(url, {
    max: opts.max ?? 20,
    onnotice: () => {},
    // numeric stays a string in JS; money is never a float on the way in.
    types: { bigint: postgres.BigInt },
    connection: {
      application_name: 'portale-b2b',
      // Prepared statements keep one generic plan instead of re-planning per call (the search
      // functions in server/catalogo/sql/ set plan_cache_mode = auto: their LIKE prefixes need
      // plans for the actual values).
      ...(opts.genericPlans ? { plan_cache_mode: 'force_generic_plan' } : {}),
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
