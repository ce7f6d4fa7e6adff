import { Logger, runMigrations as migraGraphile } from 'graphile-worker';
import pg from 'pg';
import type postgres from 'postgres';

/**
 * graphile-worker speaks to Postgres through node-postgres: a small pool of its own on the same
 * database as the app's postgres.js handle (same host, port, user, password and database).
 */
export function poolDiLavoro(sql: postgres.Sql, max = 4): pg.Pool {
  const o = sql.options;
  const pool = new pg.Pool({
    host: o.host[0], port: o.port[0], user: o.user, password: typeof o.pass === 'string' ? o.pass : undefined,
    database: o.database, max, application_name: 'portale-b2b-lavori',
    ...(o.ssl ? { ssl: { rejectUnauthorized: false } } : {}),
  });
  // An idle connection that the server drops emits 'error' on the pool; graphile-worker listens only
  // while a runner runs, and an 'error' nobody listens to would end the process. The pool replaces
  // the connection by itself; the runner logs the outage.
  pool.on('error', () => {});
  return pool;
}

/** graphile-worker's messages while it migrates: none (a failure throws). */
const SILENZIOSO = new Logger(() => () => {});

/**
 * Installs or updates graphile-worker's own schema (graphile_worker). Called by the app's migrator
 * under its advisory lock, before the numbered migrations (one of them queues jobs), so that
 * processes starting together never run these migrations at the same time.
 */
export async function migraCodaLavori(sql: postgres.Sql): Promise<void> {
  const pgPool = poolDiLavoro(sql, 1);
  try {
    await migraGraphile({ pgPool, logger: SILENZIOSO });
  } finally {
    await pgPool.end();
  }
}
