import type { Db } from '../db/client.js';

/**
 * Folds the queued orders into the statistics rollups (server/statistiche/sql/applica_statistiche.sql).
 * ordini/stats folds first anyway; the job queue runs this every minute (server/app.ts) to keep the
 * queue short between visits of the statistics pages.
 */
export async function applicaStatistiche(db: Db): Promise<void> {
  await db.$client`SELECT applica_statistiche()`;
}
