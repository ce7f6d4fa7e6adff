import { parseCronItems, run, runOnce, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Sql } from '../db/client.js';
import { loggerDi, poolDiLavoro } from './connessione.js';

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

/** A task run on a schedule, once across all server processes (graphile-worker's cron). */
export interface Pianificato {
  task: string;
  /** crontab syntax, e.g. '* * * * *' for every minute. */
  quando: string;
}

/** Jobs of one kind at a time per process: mail and exports wait on the network, not the CPU. */
const CONCORRENZA = 4;

/**
 * The one job queue (docs/decisions.md): graphile-worker on the portal's Postgres. Jobs are queued
 * in SQL with graphile_worker.add_job in the transaction of what they are about (accoda_mail,
 * crea_ordine), so a job exists exactly when its data does; each server process runs a worker, the
 * database hands every job to one of them (SKIP LOCKED), failures are retried with a growing pause,
 * and scheduled tasks run once a period across all processes.
 */
export class CodaLavori {
  private pool?: pg.Pool;
  private runner?: Runner;

  constructor(
    private readonly sql: Sql,
    private readonly tasks: TaskList,
    private readonly pianificati: Pianificato[],
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    this.pool = poolDiLavoro(this.sql);
    this.runner = await run({
      pgPool: this.pool,
      taskList: this.tasks,
      // A missed minute is not made up later: each of these folds everything queued anyway.
      parsedCronItems: parseCronItems(this.pianificati.map((p) => ({ task: p.task, match: p.quando, options: { backfillPeriod: 0, maxAttempts: 1 } }))),
      concurrency: CONCORRENZA,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: loggerDi(this.log),
    });
  }

  async stop(): Promise<void> {
    await this.runner?.stop();
    this.runner = undefined;
    await this.pool?.end();
    this.pool = undefined;
  }

  /**
   * Runs here, now, every job that is due, and returns when none is left (tests and scripts; the
   * workers of running processes take the same jobs otherwise).
   */
  async esegui(): Promise<void> {
    const pool = this.pool ?? poolDiLavoro(this.sql, 2);
    try {
      await runOnce({ pgPool: pool, taskList: this.tasks, logger: loggerDi(this.log) });
    } finally {
      if (pool !== this.pool) await pool.end();
    }
  }
}
