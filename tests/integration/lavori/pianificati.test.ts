import { describe, expect, it, vi } from 'vitest';
import { CodaLavori } from '../../../server/lavori/coda-lavori.js';
import { useTestApp } from '../../support/harness.js';

// Scheduled tasks (the popularity and statistics folds): every process queues them each period
// under one key, so two processes run a task about once a period, never side by side twice.
const t = useTestApp();
const log = { error: () => {}, warn: () => {}, debug: () => {} };

describe('scheduled tasks', () => {
  it('two processes queue the same task: it runs, one at a time', async () => {
    let inCorso = 0;
    let max = 0;
    let volte = 0;
    const tasks = {
      prova_pianificata: async () => {
        inCorso++;
        max = Math.max(max, inCorso);
        await new Promise((r) => setTimeout(r, 150));
        volte++;
        inCorso--;
      },
    };
    const code = [1, 2].map(() => new CodaLavori(t().database.sql, [tasks], [{ task: 'prova_pianificata', ogniMs: 50 }], log));
    await t().app.deps.lavori.stop();
    await Promise.all(code.map((c) => c.start()));
    try {
      await vi.waitFor(() => expect(volte).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      const [{ n }] = await t().database.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = 'pianificato:prova_pianificata'`;
      expect(n).toBeLessThanOrEqual(1);
      expect(max).toBe(1);
    } finally {
      await Promise.all(code.map((c) => c.stop()));
    }
  });
});
