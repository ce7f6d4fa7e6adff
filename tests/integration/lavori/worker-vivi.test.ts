import { describe, expect, it, vi } from 'vitest';
import { CodaLavori } from '../../../server/lavori/coda-lavori.js';
import { sbloccaLavoriOrfani } from '../../../server/lavori/worker-vivi.js';
import { useTestApp } from '../../support/harness.js';

// The sweep that hands back the jobs of dead processes' workers, and the heartbeat that keeps a
// live worker's jobs its own. The tasks here are unknown to the app's own runners: they never take them.
const t = useTestApp();
const log = { error: () => {}, warn: () => {}, debug: () => {} };

async function accoda(task: string, coda?: string): Promise<string> {
  const [j] = await t().database.sql<{ id: string }[]>`
    SELECT id::text FROM graphile_worker.add_job(${task}, '{}'::json, queue_name => ${coda ?? null})`;
  return j!.id;
}

/** Marks a job taken by `worker` `eta` ago, as get_job does (its queue too, when it has one). */
async function blocca(id: string, worker: string, eta: string): Promise<void> {
  const { sql } = t().database;
  await sql`UPDATE graphile_worker._private_jobs SET locked_by = ${worker}, locked_at = now() - ${eta}::interval, attempts = attempts + 1
    WHERE id = ${id}`;
  await sql`UPDATE graphile_worker._private_job_queues q SET locked_by = ${worker}, locked_at = now() - ${eta}::interval
    FROM graphile_worker._private_jobs j WHERE j.id = ${id} AND q.id = j.job_queue_id`;
}

const stato = async (id: string) => (await t().database.sql<{ locked_by: string | null; attempts: number; is_available: boolean }[]>`
  SELECT locked_by, attempts, is_available FROM graphile_worker._private_jobs WHERE id = ${id}`)[0];

describe('the jobs of dead workers', () => {
  it('are unlocked with their queue; a live worker\'s and a brand-new worker\'s are kept', async () => {
    const { sql } = t().database;
    const morto = await accoda('prova_orfano', 'prova_coda_orfana');
    const spento = await accoda('prova_orfano');
    const vivo = await accoda('prova_orfano');
    const nuovo = await accoda('prova_orfano');
    await sql`INSERT INTO lavori_worker (worker_id, visto_at) VALUES ('worker-vivo', now()), ('worker-spento', now() - interval '1 hour')`;
    await blocca(morto, 'worker-morto', '1 hour');
    await blocca(spento, 'worker-spento', '1 hour');
    await blocca(vivo, 'worker-vivo', '1 hour');
    // Took its job before its first heartbeat was written.
    await blocca(nuovo, 'worker-nuovo', '0 seconds');

    expect((await sbloccaLavoriOrfani(sql)).sort()).toEqual(['worker-morto', 'worker-spento']);
    expect(await stato(morto)).toEqual({ locked_by: null, attempts: 1, is_available: true });
    expect(await stato(spento)).toEqual({ locked_by: null, attempts: 1, is_available: true });
    expect(await stato(vivo)).toMatchObject({ locked_by: 'worker-vivo', is_available: false });
    expect(await stato(nuovo)).toMatchObject({ locked_by: 'worker-nuovo', is_available: false });
    expect(await sql`SELECT locked_by FROM graphile_worker._private_job_queues WHERE queue_name = 'prova_coda_orfana'`).toEqual([{ locked_by: null }]);
    expect(await sql`SELECT worker_id FROM lavori_worker WHERE worker_id IN ('worker-vivo', 'worker-spento')`).toEqual([{ worker_id: 'worker-vivo' }]);
    // Nothing else to do on a second pass.
    expect(await sbloccaLavoriOrfani(sql)).toEqual([]);
    await sql`SELECT graphile_worker.force_unlock_workers(ARRAY['worker-vivo', 'worker-nuovo'])`;
    await sql`DELETE FROM graphile_worker._private_jobs WHERE id IN (${morto}, ${spento}, ${vivo}, ${nuovo})`;
  });

  it('a running job stays its live worker\'s however long it runs; a clean stop removes the worker\'s row', async () => {
    const { sql } = t().database;
    let finisci = () => {};
    const fine = new Promise<void>((r) => { finisci = r; });
    const coda = new CodaLavori(sql, [{ prova_lunga: async () => { await fine; } }], [], log);
    await coda.start();
    try {
      const id = await accoda('prova_lunga');
      const worker = await vi.waitFor(async () => {
        const s = await stato(id);
        expect(s?.locked_by).toBeTruthy();
        expect(await sql`SELECT 1 FROM lavori_worker WHERE worker_id = ${s!.locked_by}`).toHaveLength(1);
        return s!.locked_by!;
      }, { timeout: 10_000, interval: 50 });
      // As if it had been running for an hour: its heartbeat still says it is alive.
      await sql`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '1 hour' WHERE id = ${id}`;
      expect(await sbloccaLavoriOrfani(sql)).toEqual([]);
      expect(await stato(id)).toMatchObject({ locked_by: worker });
      finisci();
      await vi.waitFor(async () => expect(await stato(id)).toBeUndefined(), { timeout: 10_000, interval: 50 });
      await coda.stop();
      expect(await sql`SELECT 1 FROM lavori_worker WHERE worker_id = ${worker}`).toEqual([]);
    } finally {
      finisci();
      await coda.stop();
    }
  });
});
