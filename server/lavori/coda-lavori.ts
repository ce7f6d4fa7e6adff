import { type Logger, run, runOnce, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { isDatabaseUnreachable, outageLogger } from '../lib/database-unreachable.js';
import type pg from 'pg';
import type postgres from 'postgres';
import { poolDiLavoro } from '../db/graphile.js';
import { loggerDi } from './connessione.js';
import { WorkerVivi } from './worker-vivi.js';

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

/** Pause before a runner that stopped on an error starts again: doubling, capped. */
const RIPARTENZA_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * A task run on a schedule, about once a period across all server processes: every process queues
 * it each period under one job key ('preserve_run_at'), so however many processes there are, one
 * job waits at a time, and in its own queue, so that runs never overlap (a running job's key is
 * free again). graphile-worker's own cron is not used: its loop lets a rejected promise
 * escape while the database is away, which would end the process.
 */
export interface Pianificato {
  task: string;
  ogniMs: number;
}

/**
 * One job at a time per lane and process (every process of the roles all and worker runs one).
 * Measured with the bench's ordini/create (each order queues its mail): p95 50 ms with 4 at a
 * time, 41 ms with 1, the workers' fetch-and-finish queries competing with the orders themselves.
 */
const CONCORRENZA = 1;

/**
 * The one job queue (docs/decisions/job-queue-graphile-worker.md): graphile-worker on the portal's Postgres. Jobs are queued
 * in SQL with graphile_worker.add_job in the transaction of what they are about (accoda_mail, an
 * uploaded import), so a job exists exactly when its data does; but an order's, right after its
 * transaction (server/ordini/sql/accoda_lavori_ordini.sql says why), with a sweep for what that
 * missed (riaccoda_lavori_ordini, scheduled below in server/app.ts); each server
 * process that runs jobs (server/processo/ruolo.ts) runs a worker, the database hands every job to one of them (SKIP LOCKED), failures are
 * retried with a growing pause, and scheduled tasks run once a period across all processes.
 * The tasks come in lanes (corsie), each a runner of its own taking one job at a time: a runner
 * only takes jobs of the tasks it knows, so a task never waits behind another lane's backlog
 * (server/app.ts: the ERP hand-over, the mail and the folds, the imports). The jobs of a process
 * that died (SIGKILL, OOM) are handed back within a minute by the others or by its restart
 * (WorkerVivi), not after graphile's 4 hours.
 */
export class CodaLavori {
  private pool?: pg.Pool;
  private corsie: Corsia[] = [];
  private vivi?: WorkerVivi;
  private readonly pianificazioni: NodeJS.Timeout[] = [];
  private fermata?: Promise<void>;
  private readonly outage = outageLogger();
  private readonly logger: Logger;

  constructor(
    private readonly sql: postgres.Sql,
    /** The lanes: each task in exactly one. */
    private readonly liste: TaskList[],
    private readonly pianificati: Pianificato[],
    private readonly log: Log,
  ) {
    this.logger = loggerDi(log);
  }

  async start(): Promise<void> {
    this.fermata = undefined;
    // Each runner holds one connection to LISTEN; fetching and finishing a job are short queries,
    // which the runners share two more for with WorkerVivi's heartbeat (deploy/README.md counts them).
    this.pool = poolDiLavoro(this.sql, this.liste.length + 2);
    const vivi = new WorkerVivi(this.sql, (err, msg) => this.avvisa(err, msg), (worker) => {
      this.log.warn({ worker }, 'Coda lavori: ripresi i lavori di worker di processi terminati');
    });
    this.vivi = vivi;
    this.corsie = this.liste.filter((t) => Object.keys(t).length > 0).map((t) => new Corsia(this.pool!, t, this.logger, vivi.events));
    await Promise.all(this.corsie.map((c) => c.avvia()));
    vivi.avvia();
    for (const p of this.pianificati) {
      const t = setInterval(() => void this.accoda(p), p.ogniMs);
      t.unref();
      this.pianificazioni.push(t);
    }
  }

  /** Queues a scheduled task unless one is already waiting (its key); an outage is one warning. */
  private async accoda(p: Pianificato): Promise<void> {
    try {
      await this.sql`
        SELECT graphile_worker.add_job(${p.task}, '{}'::json, max_attempts => 1, queue_name => ${`pianificato:${p.task}`},
          job_key => ${`pianificato:${p.task}`}, job_key_mode => 'preserve_run_at')`;
    } catch (err) {
      this.avvisa(err, `Coda lavori: lavoro pianificato ${p.task} non accodato`);
    }
  }

  /** A failed query of the queue's own: an outage is one warning, anything else a warning each. */
  private avvisa(err: unknown, msg: string): void {
    if (isDatabaseUnreachable(err)) this.outage(this.log, err, 'Coda lavori: database non raggiungibile, lavori sospesi');
    else this.log.warn({ err }, msg);
  }

  /**
   * Stops taking jobs and resolves once the running ones have finished. A stop begun at the signal
   * and the app's close both wait for that one stop: the pool ends after the last job.
   */
  stop(): Promise<void> {
    this.fermata ??= this.ferma();
    return this.fermata;
  }

  private async ferma(): Promise<void> {
    for (const t of this.pianificazioni) clearInterval(t);
    await Promise.all(this.corsie.map((c) => c.stop()));
    this.corsie = [];
    // After the runners: a job still finishing kept its heartbeat until it was done.
    await this.vivi?.ferma();
    this.vivi = undefined;
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
      await runOnce({ pgPool: pool, taskList: Object.assign({}, ...this.liste) as TaskList, logger: this.logger });
    } finally {
      if (pool !== this.pool) await pool.end();
    }
  }
}

/**
 * One runner and its watch: graphile-worker stops a runner whose database went away for good, so
 * a stopped runner is started again after a pause until the queue stops.
 */
class Corsia {
  private runner?: Runner;
  private fermata = false;
  private ripartenze = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool, private readonly tasks: TaskList, private readonly logger: Logger,
    private readonly events: WorkerEvents,
  ) {}

  async avvia(): Promise<void> {
    const runner = await run({
      pgPool: this.pool,
      taskList: this.tasks,
      concurrency: CONCORRENZA,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: this.logger,
      events: this.events,
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
  }
}
