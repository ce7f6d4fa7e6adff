-- History: the functions below are now defined in server/catalogo/sql/ (prodotti_categorie_sync, refresh_search_vocab).
-- prodotti_categorie: every ancestor category of each VISIBLE product (status 0, not deleted),
-- kept in step with prodotti, so a category page and its count are plain index ranges.
CREATE OR REPLACE FUNCTION prodotti_categorie_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.categoria_id IS NOT DISTINCT FROM OLD.categoria_id AND NEW.status = OLD.status
       AND (NEW.deleted_at IS NULL) = (OLD.deleted_at IS NULL) THEN
      RETURN NEW;
    END IF;
    DELETE FROM prodotti_categorie WHERE prodotto_id = NEW.id;
  END IF;
  IF NEW.status = 0 AND NEW.deleted_at IS NULL THEN
    INSERT INTO prodotti_categorie (categoria_id, prodotto_id)
      SELECT unnest(c.path_ids), NEW.id FROM categorie c WHERE c.id = NEW.categoria_id
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prodotti_categorie_sync_trg
  AFTER INSERT OR UPDATE OF categoria_id, status, deleted_at ON prodotti
  FOR EACH ROW EXECUTE FUNCTION prodotti_categorie_sync();
--> statement-breakpoint
-- Search vocabulary (see SEARCH-NOTES.md): every distinct token of the searchable text with its
-- lexemes, rebuilt by refresh_search_vocab() after a catalogue import.
CREATE TABLE IF NOT EXISTS search_vocab (
  word text PRIMARY KEY,
  alias text NOT NULL,
  freq integer NOT NULL,
  lexemes text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_vocab_prefix ON search_vocab (word text_pattern_ops);
--> statement-breakpoint
-- Alphabetic words only, for typo look-ups by trigram similarity.
CREATE TABLE IF NOT EXISTS search_word (
  word text PRIMARY KEY,
  lexemes text[] NOT NULL,
  freq integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_word_trgm ON search_word USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- Result pages of recent searches (ids only: names, prices and stock are always read live).
CREATE UNLOGGED TABLE IF NOT EXISTS search_cache (
  key text PRIMARY KEY,
  ids integer[] NOT NULL,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_vocab() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_vocab, search_word, search_cache;
  INSERT INTO search_vocab (word, alias, freq, lexemes)
  SELECT w.word, min(w.alias), count(*)::int,
         coalesce((SELECT array_agg(lexeme) FROM unnest(to_tsvector('it_search', w.word))), '{}')
  FROM (
    SELECT lower(f_unaccent(tp.token)) AS word, tt.alias
    FROM prodotti p,
         LATERAL ts_parse('default',
           coalesce(nullif(p.titolo_portale, ''), p.descrizione1) || ' ' || p.brand_nome || ' ' ||
           p.famiglia || ' ' || p.sottofamiglia || ' ' || p.gruppo || ' ' || p.descrizione2) tp
         JOIN ts_token_type('default') tt ON tt.tokid = tp.tokid
    WHERE p.deleted_at IS NULL
      AND tt.alias NOT IN ('blank', 'asciihword', 'hword', 'numhword')
  ) w
  GROUP BY w.word;
  INSERT INTO search_word (word, lexemes, freq)
    SELECT word, lexemes, freq FROM search_vocab
    WHERE alias IN ('asciiword', 'word', 'hword_asciipart', 'hword_part') AND cardinality(lexemes) > 0;
END $$;
