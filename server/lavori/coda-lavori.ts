import { type Logger, parseCronItems, run, runOnce, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Sql } from '../db/client.js';
import { loggerDi, poolDiLavoro } from './connessione.js';

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

/** Pause before a runner that stopped on an error starts again: doubling, capped. */
const RIPARTENZA_MS = [500, 1000, 2000, 5000, 10_000];

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
  private fermata = false;
  private ripartenze = 0;
  private timer?: NodeJS.Timeout;
  private readonly logger: Logger;

  constructor(
    private readonly sql: Sql,
    private readonly tasks: TaskList,
    private readonly pianificati: Pianificato[],
    log: Log,
  ) {
    this.logger = loggerDi(log);
  }

  async start(): Promise<void> {
    this.pool = poolDiLavoro(this.sql);
    await this.avvia();
  }

  /**
   * Starts a runner and watches it: graphile-worker stops a runner whose database went away for
   * good, so a stopped runner is started again after a pause until the app closes.
   */
  private async avvia(): Promise<void> {
    const runner = await run({
      pgPool: this.pool,
      taskList: this.tasks,
      // A missed minute is not made up later: each of these folds everything queued anyway.
      parsedCronItems: parseCronItems(this.pianificati.map((p) => ({ task: p.task, match: p.quando, options: { backfillPeriod: 0, maxAttempts: 1 } }))),
      concurrency: CONCORRENZA,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: this.logger,
    });
    this.runner = runner;
    this.ripartenze = 0;
    runner.promise.then(() => this.riparti(runner), (err: unknown) => this.riparti(runner, err));
  }

  private riparti(runner: Runner, err?: unknown): void {
    if (this.fermata || this.runner !== runner) return;
    this.runner = undefined;
    if (err) this.logger.error(String(err instanceof Error ? err.message : err), { error: err });
    const pausa = RIPARTENZA_MS[Math.min(this.ripartenze++, RIPARTENZA_MS.length - 1)]!;
    this.timer = setTimeout(() => {
      if (this.fermata) return;
      this.avvia().catch((e: unknown) => {
        // Still no database: try again later.
        this.logger.error(String(e instanceof Error ? e.message : e), { error: e });
        this.runner = runner;
        this.riparti(runner);
      });
    }, pausa);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.fermata = true;
    clearTimeout(this.timer);
    const runner = this.runner;
    this.runner = undefined;
    // A runner that stopped by itself says so when stopped again: that is not an error here.
    await runner?.stop().catch(() => {});
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
      await runOnce({ pgPool: pool, taskList: this.tasks, logger: this.logger });
    } finally {
      if (pool !== this.pool) await pool.end();
    }
  }
}
