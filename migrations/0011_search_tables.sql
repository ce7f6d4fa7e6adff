-- The search tables and the index of migrations 0002 and 0004, made by hand there, now declared
-- in the drizzle schema (server/db/schema/ricerca.table.ts, catalogo.table.ts). Generated, then
-- IF NOT EXISTS added: every database that ran 0002 and 0004 has them, so this changes nothing.
CREATE TABLE IF NOT EXISTS "search_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"ids" integer[] NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A cache: a crash may empty it, and its writes skip the WAL (drizzle cannot declare UNLOGGED;
-- already so since 0002, when this does nothing).
ALTER TABLE "search_cache" SET UNLOGGED;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_vocab" (
	"word" text PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"freq" integer NOT NULL,
	"lexemes" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_word" (
	"word" text PRIMARY KEY NOT NULL,
	"lexemes" text[] NOT NULL,
	"freq" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_vocab_prefix" ON "search_vocab" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_word_trgm" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prodotti_visibili_popolarita_idx" ON "prodotti" USING btree ("popolarita" DESC NULLS FIRST,"id") WHERE status = 0 AND deleted_at IS NULL;
