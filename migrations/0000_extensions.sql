-- History: the functions below are now defined in server/catalogo/sql/ (f_unaccent, code_norm).
-- Extensions and the text search configuration used by the generated search columns.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'it_search') THEN
    CREATE TEXT SEARCH CONFIGURATION it_search (COPY = pg_catalog.italian);
    ALTER TEXT SEARCH CONFIGURATION it_search
      ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart
      WITH unaccent, italian_stem;
  END IF;
END $$;
--> statement-breakpoint
-- IMMUTABLE wrapper so that unaccent can be used in indexes and generated columns.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Codes compared upper-case, letters and digits only: 'be-616 0792' -> 'BE6160792'.
CREATE OR REPLACE FUNCTION code_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT upper(regexp_replace($1, '[^A-Za-z0-9]', '', 'g')) $$;
