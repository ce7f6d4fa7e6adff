import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The repeatable migrations applied (server/db/migrate.ts): one row per file of SQL functions
 * (server/<domain>/sql/<name>.sql), re-applied when its text no longer has this checksum.
 */
export const migrazioniRipetibili = pgTable('migrazioni_ripetibili', {
  nome: text('nome').primaryKey(),
  checksum: text('checksum').notNull(),
  applicataIl: timestamp('applicata_il', { withTimezone: true }).notNull().defaultNow(),
});
