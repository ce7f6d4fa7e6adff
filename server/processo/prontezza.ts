import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';
import { migrazioniApplicate, ultimaMigrazione } from '../db/migrate.js';
import { HttpError } from '../lib/errors.js';
import type { Arresto } from './arresto.js';

/** Longest wait of /api/health and /api/ready for the database. */
const ATTESA_MS = 2000;

/**
 * A load balancer asks often and gives up soon: the answer comes within ATTESA_MS even when the
 * database does not answer at all (a refused connection answers at once).
 */
async function entroAttesa<T>(query: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const tardi = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), ATTESA_MS); });
  try {
    return await Promise.race([query, tardi]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The health checks of every role. /api/health: the process is alive and reaches its database.
 * /api/ready: it should get traffic: the database answers, has this code's migrations (a process
 * started beside an older database waits for the one that migrates it), and the process is not
 * stopping (server/processo/arresto.ts). `sql` is the checks' own connection (app.ts), not the
 * portal's pool: a pool busy with requests is no dead database.
 */
export function registraControlli(app: FastifyInstance, sql: postgres.Sql, arresto: Arresto): void {
  const ultima = ultimaMigrazione();
  // Migrations are never taken back: once seen applied, readiness only asks that the database answers.
  let migrato = false;

  app.get('/api/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await entroAttesa(sql`select 1`.execute());
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', code: 'database_non_raggiungibile', msg: 'Database non raggiungibile.' });
    }
  });

  app.get('/api/ready', { schema: { hide: true } }, async () => {
    if (arresto.inCorso) throw new HttpError(503, 'non_pronto', 'Processo in arresto: le nuove richieste vanno agli altri processi.');
    let applicate: boolean;
    try {
      applicate = await entroAttesa(migrato ? sql`select 1`.execute().then(() => true) : migrazioniApplicate(sql, ultima));
    } catch {
      throw new HttpError(503, 'database_non_raggiungibile', 'Database non raggiungibile.');
    }
    if (!applicate) throw new HttpError(503, 'non_pronto', 'Database non aggiornato: migrazioni non ancora applicate.');
    migrato = true;
    return { status: 'ok' };
  });
}
