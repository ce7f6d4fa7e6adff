import type { FastifyInstance } from 'fastify';
import { sqlOf } from '../db/client.js';

/**
 * How often the queued orders are folded into the statistics rollups. ordini/stats folds first
 * anyway: this only keeps the queue short between visits of the statistics pages.
 */
const EVERY_MS = 60_000;

/** Every EVERY_MS while the app runs; a failure is logged and the queue waits for the next turn. */
export function scheduleStatistiche(app: FastifyInstance): void {
  const timer = setInterval(() => {
    sqlOf(app.deps.db)`SELECT applica_statistiche()`
      .catch((err: unknown) => app.log.warn({ err }, 'applica_statistiche non riuscita'));
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
