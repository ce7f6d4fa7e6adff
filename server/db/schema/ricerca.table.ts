import { sql as dsql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Search vocabulary (SEARCH-NOTES.md): every distinct token of the searchable text with its
 * lexemes, rebuilt by refresh_search_vocab() (server/catalogo/sql/) after a catalogue import.
 */
export const searchVocab = pgTable('search_vocab', {
  word: text('word').primaryKey(),
  alias: text('alias').notNull(),
  freq: integer('freq').notNull(),
  lexemes: text('lexemes').array().notNull(),
}, (t) => [index('search_vocab_prefix').on(dsql`${t.word} text_pattern_ops`)]);

/** Alphabetic words of the vocabulary only, for typo look-ups by trigram similarity. */
export const searchWord = pgTable('search_word', {
  word: text('word').primaryKey(),
  lexemes: text('lexemes').array().notNull(),
  freq: integer('freq').notNull(),
}, (t) => [index('search_word_trgm').using('gin', dsql`${t.word} gin_trgm_ops`)]);

/**
 * Result pages and totals of recent searches (ids only: names, prices and stock are always read
 * live), written by search_prodotti(). UNLOGGED, which drizzle cannot declare: migrations 0002
 * and 0011 make it so (a crash empties a cache, nothing more, and its writes skip the WAL).
 */
export const searchCache = pgTable('search_cache', {
  key: text('key').primaryKey(),
  ids: integer('ids').array().notNull(),
  total: integer('total').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The version of the catalogue that search_cache pages belong to: part of every cache key, raised
 * by notificaCatalogo() when products change (one row). A search that read the catalogue before a
 * change writes its page under the old version, which nobody reads any more; an UPDATE inside an
 * import's transaction becomes visible with the import itself.
 */
export const searchCacheVersione = pgTable('search_cache_versione', {
  id: smallint('id').primaryKey().default(1),
  versione: bigint('versione', { mode: 'number' }).notNull().default(0),
}, (t) => [check('search_cache_versione_una_riga', dsql`${t.id} = 1`)]);
