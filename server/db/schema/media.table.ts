import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Downloadable and displayed media. tipologia is one of MULTIMEDIA_TIPOLOGIE in shared/:
 * the side banners of the shop are the rows of type 'banner laterale' (link = click target).
 */
export const multimedia = pgTable('multimedia', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
  descrizione: text('descrizione').notNull().default(''),
  tipologia: text('tipologia').notNull(),
  coverDir: text('cover_dir').notNull().default(''),
  coverFile: text('cover_file').notNull().default(''),
  linkFolder: text('link_folder').notNull().default(''),
  linkFile: text('link_file').notNull().default(''),
  link: text('link').notNull().default(''),
  ordine: integer('ordine').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('multimedia_tipologia_idx').on(t.tipologia, t.ordine, t.id)]);
