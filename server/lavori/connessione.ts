import { Logger, runMigrations as migraGraphile } from 'graphile-worker';
import pg from 'pg';
import type postgres from 'postgres';
import { isDatabaseUnreachable, outageLogger } from '../lib/database-unreachable.js';

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

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

/**
 * graphile-worker's messages into the app's log: errors and warnings only (the rest is chatter).
 * A database that went away is one warning per outage, as for the rest of the app
 * (outageLogger), not one line per listener retry. The error is logged by its message and code:
 * node-postgres hangs its whole client on it.
 */
export function loggerDi(log: Log | undefined): Logger {
  const outage = outageLogger();
  return new Logger((scope) => (level, message, meta) => {
    if (!log || (level !== 'error' && level !== 'warning')) return;
    const err = (meta as { error?: unknown } | undefined)?.error;
    const breve = err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err;
    const dati = { ...scope, ...(breve === undefined ? {} : { err: breve }) };
    if (isDatabaseUnreachable(err) || /ECONNREFUSED|terminating connection|shutting down|not queryable/.test(message)) {
      outage(log, dati, 'Coda lavori: database non raggiungibile, lavori sospesi');
    } else if (level === 'error') log.error(dati, `Coda lavori: ${message}`);
    else log.warn(dati, `Coda lavori: ${message}`);
  });
}

/**
 * Installs or updates graphile-worker's own schema (graphile_worker). Called by the app's migrator
 * under its advisory lock, before the numbered migrations (one of them queues jobs), so that
 * processes starting together never run these migrations at the same time.
 */
export async function migraCodaLavori(sql: postgres.Sql): Promise<void> {
  const pgPool = poolDiLavoro(sql, 1);
  try {
    await migraGraphile({ pgPool, logger: loggerDi(undefined) });
  } finally {
    await pgPool.end();
  }
}
