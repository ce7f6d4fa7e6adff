import { EventEmitter } from 'node:events';
import type { WorkerEvents } from 'graphile-worker';
import type { Sql } from '../db/client.js';

/**
 * The timing of the hand-back of a dead process's jobs (docs/decisions/lavori-processi-morti.md),
 * all here. Every process writes its live workers every BATTITO_MS; a worker not seen for
 * SCADENZA_S is dead (six heartbeats missed: a busy process or a slow database is not a dead one);
 * every process looks for the locks of dead workers every CONTROLLO_MS. A killed process's jobs
 * are free again at most SCADENZA_S + CONTROLLO_MS after its last heartbeat (40 s), and taken at
 * the next poll of a worker (2 s): within a minute.
 */
const BATTITO_MS = 5_000;
const SCADENZA_S = 30;
const CONTROLLO_MS = 10_000;

/** Frees the locks of workers not seen for SCADENZA_S (any process may run it); returns those workers. */
export async function sbloccaLavoriOrfani(sql: Sql): Promise<string[]> {
  const [r] = await sql<{ orfani: string[] }[]>`SELECT sblocca_lavori_orfani(make_interval(secs => ${SCADENZA_S})) AS orfani`;
  return r!.orfani;
}

/**
 * The heartbeat of one process's workers, and its share of the sweep. graphile-worker names a
 * worker when it creates it ('worker:create', before its first job): the id is written at once and
 * then every BATTITO_MS, until the process stops (its rows are removed) or dies (they go stale).
 */
export class WorkerVivi {
  /** Passed to every runner of the process (run's `events`). */
  readonly events: WorkerEvents = new EventEmitter();
  private readonly vivi = new Set<string>();
  /** Every id written by this process: removed on a clean stop. */
  private readonly scritti = new Set<string>();
  private readonly timer: NodeJS.Timeout[] = [];
  /** The last heartbeat's write, awaited before a clean stop removes the rows. */
  private scrittura: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly avvisa: (err: unknown, msg: string) => void,
    private readonly ripresi: (worker: string[]) => void,
  ) {
    this.events.on('worker:create', ({ worker }) => {
      this.vivi.add(worker.workerId);
      this.battito();
    });
    // A stopped worker has finished or handed back its job: its row may go stale.
    this.events.on('worker:stop', ({ worker }) => { this.vivi.delete(worker.workerId); });
  }

  avvia(): void {
    void this.controlla();
    this.timer.push(setInterval(() => this.battito(), BATTITO_MS), setInterval(() => void this.controlla(), CONTROLLO_MS));
    for (const t of this.timer) t.unref();
  }

  /** After the runners have stopped: this process's rows go now rather than in SCADENZA_S. */
  async ferma(): Promise<void> {
    for (const t of this.timer.splice(0)) clearInterval(t);
    await this.scrittura;
    const ids = [...this.scritti];
    this.scritti.clear();
    if (ids.length === 0) return;
    await this.sql`DELETE FROM lavori_worker WHERE worker_id = ANY(${ids}::text[])`
      .catch((err: unknown) => this.avvisa(err, 'Coda lavori: worker non cancellati'));
  }

  private battito(): void {
    const ids = [...this.vivi];
    if (ids.length === 0) return;
    for (const id of ids) this.scritti.add(id);
    const scrittura = this.sql`
      INSERT INTO lavori_worker (worker_id, visto_at) SELECT unnest(${ids}::text[]), now()
      ON CONFLICT (worker_id) DO UPDATE SET visto_at = excluded.visto_at`
      .then(() => {}, (err: unknown) => this.avvisa(err, 'Coda lavori: battito dei worker non registrato'));
    this.scrittura = Promise.all([this.scrittura, scrittura]).then(() => {});
  }

  private async controlla(): Promise<void> {
    try {
      const orfani = await sbloccaLavoriOrfani(this.sql);
      if (orfani.length > 0) this.ripresi(orfani);
    } catch (err) {
      this.avvisa(err, 'Coda lavori: lavori dei processi terminati non controllati');
    }
  }
}
