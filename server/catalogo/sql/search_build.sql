-- Text -> (q_full, q_strict): each token becomes an OR-group of lexemes (own stem, singular and
-- plural variants, vocabulary words it is a prefix of, close words for typos, one per word); groups are ANDed.
-- plan_cache_mode = auto: the app's connections force generic plans (server/db/client.ts), but
-- the LIKE prefix on the vocabulary only uses the index with a plan for the actual value.
CREATE OR REPLACE FUNCTION search_build(q text, OUT q_full tsquery, OUT q_strict tsquery)
LANGUAGE plpgsql STABLE SET plan_cache_mode = auto AS $$
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
  vicine text[];
BEGIN
  SELECT array_agg(parola_vocab(tp.token) ORDER BY ord) INTO toks
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
      vicine := ARRAY(
        SELECT unnest(s.lexemes) FROM (
          SELECT lexemes FROM search_word
          WHERE word % t AND similarity(word, t) >= 0.5
          ORDER BY similarity(word, t) DESC, freq DESC LIMIT 2) s);
      IF cardinality(vicine) = 0 THEN
        -- One typo that trigrams rate below 0.5 (a swap, or a change in a short word): words one
        -- edit away (un_refuso) among those sharing trigrams, or the first two letters and about
        -- the length ('chaive' for chiave).
        vicine := ARRAY(
          SELECT unnest(s.lexemes) FROM (
            SELECT lexemes FROM search_word
            WHERE (word % t OR (word LIKE left(t, 2) || '%' AND length(word) BETWEEN length(t) - 1 AND length(t) + 1))
              AND un_refuso(t, word)
            ORDER BY similarity(word, t) DESC, freq DESC LIMIT 2) s);
      END IF;
      grp := grp || vicine;
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
