import { Logger, runMigrations as migraGraphile } from 'graphile-worker';
import pg from 'pg';
import type { Sql } from '../db/client.js';

/**
 * graphile-worker speaks to Postgres through node-postgres: a small pool of its own on the same
 * database as the app's postgres.js handle (same host, port, user, password and database).
 */
export function poolDiLavoro(sql: Sql, max = 4): pg.Pool {
  const o = sql.options;
  return new pg.Pool({
    host: o.host[0], port: o.port[0], user: o.user, password: typeof o.pass === 'string' ? o.pass : undefined,
    database: o.database, max, application_name: 'portale-b2b-lavori',
    ...(o.ssl ? { ssl: { rejectUnauthorized: false } } : {}),
  });
}

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/** graphile-worker's messages into the app's log: errors and warnings only (the rest is chatter). */
export function loggerDi(log: Log | undefined): Logger {
  return new Logger((scope) => (level, message, meta) => {
    if (!log) return;
    if (level === 'error') log.error({ ...scope, ...meta }, `Coda lavori: ${message}`);
    else if (level === 'warning') log.warn({ ...scope, ...meta }, `Coda lavori: ${message}`);
  });
}

/**
 * Installs or updates graphile-worker's own schema (graphile_worker). Called by the app's migrator
 * under its advisory lock, before the numbered migrations (one of them queues jobs), so that
 * processes starting together never run these migrations at the same time.
 */
export async function migraCodaLavori(sql: Sql): Promise<void> {
  const pgPool = poolDiLavoro(sql, 1);
  try {
    await migraGraphile({ pgPool, logger: loggerDi(undefined) });
  } finally {
    await pgPool.end();
  }
}
