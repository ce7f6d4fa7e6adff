import {
  createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations, type RelationalSchemaConfig,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle, PostgresJsDatabase, PostgresJsSession } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { DEFAULT_DB_CONNECT_TIMEOUT_SECONDS } from '../config.js';
import * as schema from './schema/index.js';

/**
 * Tagged SQL on a handle's connection (`db.$client`): postgres.js, whose tagged queries are
 * prepared statements cached per connection (drizzle's builder and raw execute re-plan every
 * statement). The pool's own features (LISTEN, begin, end) are not part of it: a transaction is
 * opened with inTransazione.
 */
export type Sql = postgres.ISql;

/**
 * The one database handle (README, "One way to query"): every service takes it as its first
 * argument, `db`. drizzle's builder reads and writes tables; `db.$client` runs tagged SQL (SQL
 * functions, set-based statements, the hot read paths) on the same connection: the pool, or inside
 * inTransazione the transaction's own.
 */
export type Db = PostgresJsDatabase<typeof schema> & { $client: Sql };

export interface Database {
  db: Db;
  /** The pool itself, for what is not a query: LISTEN, the job queue's connections, COPY loads of scripts. */
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

// What drizzle() builds for each handle, built once: drizzle() extracts the relational config
// from the schema on every call (~0.3 ms), the parts below cost what drizzle's own transactions do.
const dialect = new PgDialect();
const tabelle = extractTablesRelationalConfig<ExtractTablesWithRelations<typeof schema>>(schema, createTableRelationsHelpers);
const relazioni: RelationalSchemaConfig<ExtractTablesWithRelations<typeof schema>> = {
  fullSchema: schema, schema: tabelle.tables, tableNamesMap: tabelle.tableNamesMap,
};

/** A handle on a transaction's connection, whose `$client` is that connection. */
function handleDi(tx: postgres.TransactionSql): Db {
  // drizzle's own transactions give its session a TransactionSql the same way (postgres-js/session.js).
  const sessione = new PostgresJsSession(tx as unknown as postgres.Sql, dialect, relazioni);
  return Object.assign(new PostgresJsDatabase<typeof schema>(dialect, sessione, relazioni), { $client: tx });
}

/**
 * Runs `fn` in a transaction with a handle on its connection, so that the builder and
 * `tx.$client` both run in it: committed when `fn` resolves, rolled back when it throws. Called
 * with a transaction's handle it opens a savepoint. The one way to open a transaction (lint rule).
 */
export function inTransazione<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  // Typed as what both have in common; at run time the pool (begin) or a transaction (savepoint).
  const client = db.$client as postgres.Sql | postgres.TransactionSql;
  const corpo = (tx: postgres.TransactionSql) => fn(handleDi(tx));
  return ('savepoint' in client ? client.savepoint(corpo) : client.begin(corpo)) as Promise<T>;
}
