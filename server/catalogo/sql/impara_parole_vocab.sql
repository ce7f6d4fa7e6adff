-- Teaches the search vocabulary the words of some products (by code) that it does not know yet,
-- without a full refresh_search_vocab(): after an admin edits a product's texts, so that prefixes
-- and typos of the new words find it at once; an importer can call it for the products it
-- touched. A new word counts its occurrences among these products; known words keep their
-- frequency, and words no product uses any more stay until the next full refresh (a prefix that
-- expands to them matches nothing more). Returns the number of words learnt.
CREATE OR REPLACE FUNCTION impara_parole_vocab(codici text[]) RETURNS int LANGUAGE sql AS $$
  WITH token AS (
    SELECT w.token, w.alias, count(*) AS n
    FROM prodotti p, LATERAL parole_prodotto(p) w
    WHERE p.codice_prodotto = ANY(codici) AND p.deleted_at IS NULL
    GROUP BY w.token, w.alias
  ), nuove AS (
    -- Each distinct token normalised and looked up once (parole_prodotto).
    SELECT w.word, w.alias, w.freq
    FROM (SELECT parola_vocab(t.token) AS word, min(t.alias) AS alias, sum(t.n)::int AS freq FROM token t GROUP BY 1) w
    WHERE NOT EXISTS (SELECT 1 FROM search_vocab v WHERE v.word = w.word)
  ), vocab AS (
    INSERT INTO search_vocab (word, alias, freq, lexemes)
    SELECT n.word, n.alias, n.freq, coalesce((SELECT array_agg(lexeme) FROM unnest(to_tsvector('it_search', n.word))), '{}')
    FROM nuove n
    ON CONFLICT (word) DO NOTHING
    RETURNING word, alias, freq, lexemes
  ), parole AS (
    -- Runs although nothing reads it (a data-modifying WITH always does).
    INSERT INTO search_word (word, lexemes, freq)
    SELECT word, lexemes, freq FROM vocab
    WHERE alias IN ('asciiword', 'word', 'hword_asciipart', 'hword_part') AND cardinality(lexemes) > 0
    ON CONFLICT (word) DO NOTHING
  )
  SELECT count(*)::int FROM vocab
$$;
