import type { Db } from '../db/client.js';

/**
 * Folds queued order lines into prodotti.popolarita (search ranking; server/catalogo/sql/
 * applica_popolarita.sql); returns the products changed. Run every 5 minutes by the job queue
 * (server/app.ts), once across all processes.
 */
export async function applicaPopolarita(db: Db): Promise<number> {
  const [row] = await db.$client<{ n: number }[]>`SELECT applica_popolarita() AS n`;
  return row?.n ?? 0;
}
