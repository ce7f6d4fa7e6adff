import type { FastifyInstance } from 'fastify';
import { sqlOf } from '../db/client.js';

/** How often order lines are folded into product popularity (search ranking; server/catalogo/sql/applica_popolarita.sql). */
const EVERY_MS = 5 * 60_000;

/** Folds queued order lines into prodotti.popolarita; returns the products changed. */
export async function applicaPopolarita(app: FastifyInstance): Promise<number> {
  const [row] = await sqlOf(app.deps.db)<{ n: number }[]>`SELECT applica_popolarita() AS n`;
  return row?.n ?? 0;
}

/** Every EVERY_MS while the app runs; a failure is logged and the queue waits for the next turn. */
export function schedulePopolarita(app: FastifyInstance): void {
  const timer = setInterval(() => {
    applicaPopolarita(app).catch((err: unknown) => app.log.warn({ err }, 'applica_popolarita non riuscita'));
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
