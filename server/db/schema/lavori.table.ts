import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The job queue's live workers (server/lavori/worker-vivi.ts): every server process writes the
 * graphile-worker ids of its runners here every few seconds. A worker silent for longer than the
 * limit belongs to a dead process, and the jobs it still holds are handed back
 * (server/lavori/sql/sblocca_lavori_orfani.sql); a clean stop removes its rows.
 */
export const lavoriWorker = pgTable('lavori_worker', {
  workerId: text('worker_id').primaryKey(),
  vistoAt: timestamp('visto_at', { withTimezone: true }).notNull().defaultNow(),
});
