import type { Sql } from '../db/client.js';

/**
 * Folds the queued orders into the statistics rollups (server/statistiche/sql/applica_statistiche.sql).
 * ordini/stats folds first anyway; the job queue runs this every minute (server/app.ts) to keep the
 * queue short between visits of the statistics pages.
 */
export async function applicaStatistiche(sql: Sql): Promise<void> {
  await sql`SELECT applica_statistiche()`;
}
