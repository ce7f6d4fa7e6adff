-- History: the functions below are now defined in server/catalogo/sql/ (prodotti_codice_sync, search_build, search_prodotti_uncached, search_prodotti).
-- Product search as measured in SEARCH-NOTES.md: query rewriting over a vocabulary table, a code
-- table for exact and prefix code matches, relevance tiers ordered by popularity, exact totals
-- cached per normalised query and result pages cached for 10 minutes.

-- The product's own code is searchable like its other codes ('codice'), and so is the digit tail
-- of a code like 'BE-6160792' ('codice_cifre' = '6160792').
CREATE OR REPLACE FUNCTION prodotti_codice_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.codice_prodotto = OLD.codice_prodotto THEN RETURN NEW; END IF;
  DELETE FROM prodotti_codici WHERE prodotto_id = NEW.id AND tipo IN ('codice', 'codice_cifre');
  INSERT INTO prodotti_codici (prodotto_id, tipo, codice) VALUES (NEW.id, 'codice', NEW.codice_prodotto);
  IF NEW.codice_prodotto ~ '^[A-Za-z0-9]{1,4}[-/. ][0-9]{4,}$' THEN
    INSERT INTO prodotti_codici (prodotto_id, tipo, codice)
      VALUES (NEW.id, 'codice_cifre', substring(NEW.codice_prodotto FROM '([0-9]{4,})$'));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prodotti_codice_sync_trg
  AFTER INSERT OR UPDATE OF codice_prodotto ON prodotti
  FOR EACH ROW EXECUTE FUNCTION prodotti_codice_sync();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS prodotti_visibili_popolarita_idx ON prodotti (popolarita DESC, id)
  WHERE status = 0 AND deleted_at IS NULL;
--> statement-breakpoint
-- Text -> (q_full, q_strict): each token becomes an OR-group of lexemes (own stem, singular and
-- plural variants, vocabulary words it is a prefix of, close words for typos); groups are ANDed.
CREATE OR REPLACE FUNCTION search_build(q text, OUT q_full tsquery, OUT q_strict tsquery)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  toks text[];
  n int;
  t text;
  base text;
  grp text[];
  strict_grp text[];
  native_prefix boolean;
  cnt int;
  full_parts text[] := '{}';
  strict_parts text[] := '{}';
  variants text;
BEGIN
  SELECT array_agg(lower(f_unaccent(tp.token)) ORDER BY ord) INTO toks
  FROM ts_parse('default', q) WITH ORDINALITY AS tp(tokid, token, ord)
  JOIN ts_token_type('default') tt ON tt.tokid = tp.tokid
  WHERE tt.alias NOT IN ('blank', 'asciihword', 'hword', 'numhword');
  n := coalesce(array_length(toks, 1), 0);
  FOR i IN 1..n LOOP
    t := toks[i];
    grp := ARRAY(SELECT lexeme FROM unnest(to_tsvector('it_search', t)));
    IF cardinality(grp) = 0 THEN
      CONTINUE; -- a stop word ('per', 'da', 'a') or punctuation
    END IF;
    IF t ~ '^[a-z]{3,}[aeio]$' THEN
      base := left(t, -1);
      variants := concat_ws(' ', base || 'a', base || 'e', base || 'i', base || 'o');
      IF t ~ '[cg][oa]$' THEN variants := variants || ' ' || base || 'hi ' || base || 'he'; END IF;
      IF t ~ '[cg]h[ie]$' THEN variants := variants || ' ' || left(t, -2) || 'o ' || left(t, -2) || 'a'; END IF;
      grp := grp || ARRAY(SELECT lexeme FROM unnest(to_tsvector('it_search', variants)));
    END IF;
    strict_grp := grp;
    native_prefix := false;
    cnt := 0;
    IF length(t) >= 2 AND (i = n OR t !~ '[0-9]') THEN
      SELECT count(*) INTO cnt FROM (SELECT 1 FROM search_vocab WHERE word LIKE t || '%' LIMIT 51) x;
      IF cnt > 50 THEN
        native_prefix := true;
      ELSIF cnt > 0 THEN
        grp := grp || ARRAY(SELECT unnest(lexemes) FROM search_vocab WHERE word LIKE t || '%');
      END IF;
    END IF;
    IF cnt = 0 AND t ~ '^[a-z]{5,}$' THEN
      grp := grp || ARRAY(
        SELECT unnest(s.lexemes) FROM (
          SELECT lexemes FROM search_word
          WHERE word % t AND similarity(word, t) >= 0.5
          ORDER BY similarity(word, t) DESC, freq DESC LIMIT 2) s);
    END IF;
    full_parts := full_parts || ('(' ||
      (SELECT string_agg(DISTINCT quote_literal(l), ' | ') FROM unnest(grp) l) ||
      CASE WHEN native_prefix THEN ' | ' || quote_literal(t) || ':*' ELSE '' END || ')');
    strict_parts := strict_parts || ('(' ||
      (SELECT string_agg(DISTINCT quote_literal(l), ' | ') FROM unnest(strict_grp) l) || ')');
  END LOOP;
  IF cardinality(full_parts) = 0 THEN
    q_full := NULL;
    q_strict := NULL;
    RETURN;
  END IF;
  -- 'simple' keeps the lexemes as they are (they are already stemmed).
  q_full := to_tsquery('simple', array_to_string(full_parts, ' & '));
  q_strict := to_tsquery('simple', array_to_string(strict_parts, ' & '));
END $$;
--> statement-breakpoint
-- One page of product ids for a search, and the exact total. Codes first: when the text looks
-- like a code and some code matches exactly or as a prefix, only those products are returned.
CREATE OR REPLACE FUNCTION search_prodotti_uncached(q text, lim int, off int, OUT ids int[], OUT total int)
LANGUAGE plpgsql AS $$
DECLARE
  cn text := code_norm(q);
  code_like boolean;
  qf tsquery;
  qs tsquery;
  plan json;
  est int;
BEGIN
  IF q ~ '[0-9]' AND length(cn) >= 2 THEN
    code_like := btrim(q) !~ '\s' AND length(cn) >= 4
      AND (q ~ '[-/.]' OR cn ~ '^[0-9]{5,}$' OR length(cn) >= 8);
    WITH hits AS (
      SELECT pc.prodotto_id, min(CASE WHEN pc.codice_n = cn THEN 0 ELSE 1 END) AS tier
      FROM prodotti_codici pc
      WHERE pc.codice_n = cn OR (code_like AND pc.codice_n LIKE cn || '%')
      GROUP BY pc.prodotto_id
    ), visible AS (
      SELECT h.prodotto_id, h.tier, p.popolarita FROM hits h JOIN prodotti p ON p.id = h.prodotto_id
      WHERE p.status = 0 AND p.deleted_at IS NULL
    )
    SELECT (SELECT array_agg(v.prodotto_id ORDER BY v.tier, v.popolarita DESC, v.prodotto_id)
            FROM (SELECT * FROM visible ORDER BY tier, popolarita DESC, prodotto_id LIMIT lim OFFSET off) v),
           (SELECT count(*)::int FROM visible)
      INTO ids, total;
    IF total > 0 THEN
      ids := coalesce(ids, '{}');
      RETURN;
    END IF;
  END IF;

  SELECT b.q_full, b.q_strict INTO qf, qs FROM search_build(q) b;
  IF qf IS NULL THEN
    ids := '{}';
    total := 0;
    RETURN;
  END IF;

  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM prodotti WHERE search_doc @@ %L::tsquery', qf) INTO plan;
  est := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::int;

  IF est <= 2000 THEN
    -- Small sets: one bitmap pass gives the tiers and the exact total.
    EXECUTE format($q$
      SELECT coalesce(array_agg(id ORDER BY rn), '{}'), coalesce(max(total), 0)::int FROM (
        SELECT id, row_number() OVER (ORDER BY tier, popolarita DESC, id) AS rn, total FROM (
          SELECT p.id, p.popolarita,
                 CASE WHEN p.title_doc @@ %1$L::tsquery THEN 2 WHEN p.title_doc @@ %2$L::tsquery THEN 3 ELSE 4 END AS tier,
                 count(*) OVER () AS total
          FROM prodotti p WHERE p.search_doc @@ %2$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL
          ORDER BY tier, p.popolarita DESC, p.id LIMIT %3$s OFFSET %4$s) s) r
      $q$, qs, qf, lim, off) INTO ids, total;
    IF total = 0 AND off > 0 THEN
      EXECUTE format('SELECT count(*)::int FROM prodotti p WHERE p.search_doc @@ %L::tsquery AND p.status = 0 AND p.deleted_at IS NULL', qf) INTO total;
    END IF;
    RETURN;
  END IF;

  -- Broad sets: each tier walks the popularity index and stops once the page is full.
  EXECUTE format($q$
    SELECT coalesce(array_agg(id ORDER BY tier, popolarita DESC, id), '{}') FROM (
      SELECT * FROM (
        (SELECT p.id, 2 AS tier, p.popolarita FROM prodotti p
          WHERE p.title_doc @@ %1$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL
          ORDER BY p.popolarita DESC, p.id LIMIT %3$s)
        UNION ALL
        (SELECT p.id, 3, p.popolarita FROM prodotti p
          WHERE p.title_doc @@ %2$L::tsquery AND NOT p.title_doc @@ %1$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL
          ORDER BY p.popolarita DESC, p.id LIMIT %3$s)
        UNION ALL
        (SELECT p.id, 4, p.popolarita FROM prodotti p
          WHERE p.search_doc @@ %2$L::tsquery AND NOT p.title_doc @@ %2$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL
          ORDER BY p.popolarita DESC, p.id LIMIT %3$s)
      ) u ORDER BY tier, popolarita DESC, id LIMIT %4$s OFFSET %5$s) page
    $q$, qs, qf, off + lim, lim, off) INTO ids;
  total := NULL; -- counted (and cached) by the caller
END $$;
--> statement-breakpoint
-- The cached entry point: pages for 10 minutes; exact totals per normalised query, so a broad
-- term is counted once and not on every page.
CREATE OR REPLACE FUNCTION search_prodotti(q text, lim int, off int, OUT ids int[], OUT total int)
LANGUAGE plpgsql AS $$
DECLARE
  norm text := lower(f_unaccent(regexp_replace(btrim(q), '\s+', ' ', 'g')));
  page_key text := 'p|' || lim || '|' || off || '|' || norm;
  count_key text := 'c|' || norm;
  qf tsquery;
BEGIN
  SELECT c.ids, c.total INTO ids, total FROM search_cache c
  WHERE c.key = page_key AND c.created_at > now() - interval '10 minutes';
  IF FOUND THEN
    RETURN;
  END IF;
  SELECT s.ids, s.total INTO ids, total FROM search_prodotti_uncached(q, lim, off) s;
  IF total IS NULL THEN
    SELECT c.total INTO total FROM search_cache c
    WHERE c.key = count_key AND c.created_at > now() - interval '10 minutes';
    IF NOT FOUND THEN
      SELECT b.q_full INTO qf FROM search_build(q) b;
      SELECT count(*)::int INTO total FROM prodotti p
      WHERE p.search_doc @@ qf AND p.status = 0 AND p.deleted_at IS NULL;
      INSERT INTO search_cache (key, ids, total) VALUES (count_key, '{}', total)
        ON CONFLICT (key) DO UPDATE SET ids = excluded.ids, total = excluded.total, created_at = now();
    END IF;
  END IF;
  INSERT INTO search_cache (key, ids, total) VALUES (page_key, ids, total)
    ON CONFLICT (key) DO UPDATE SET ids = excluded.ids, total = excluded.total, created_at = now();
  -- Expired entries are swept now and then rather than by a timer.
  IF random() < 0.01 THEN
    DELETE FROM search_cache WHERE created_at < now() - interval '10 minutes';
  END IF;
END $$;
