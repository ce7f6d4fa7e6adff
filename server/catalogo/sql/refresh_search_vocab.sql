-- Search vocabulary (see SEARCH-NOTES.md): every distinct token of the searchable text with its
-- lexemes, and the alphabetic ones for typo look-ups. Run after a catalogue import; it also
-- empties the search cache. An admin's edit only adds its new words (impara_parole_vocab).
CREATE OR REPLACE FUNCTION refresh_search_vocab() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_vocab, search_word, search_cache;
  INSERT INTO search_vocab (word, alias, freq, lexemes)
  SELECT w.word, w.alias, w.freq, coalesce((SELECT array_agg(lexeme) FROM unnest(to_tsvector('it_search', w.word))), '{}')
  FROM (
    -- Each distinct token normalised once (parole_prodotto).
    SELECT parola_vocab(t.token) AS word, min(t.alias) AS alias, sum(t.n)::int AS freq
    FROM (
      SELECT w.token, w.alias, count(*) AS n FROM prodotti p, LATERAL parole_prodotto(p) w
      WHERE p.deleted_at IS NULL GROUP BY w.token, w.alias
    ) t
    GROUP BY 1
  ) w;
  INSERT INTO search_word (word, lexemes, freq)
    SELECT word, lexemes, freq FROM search_vocab
    WHERE alias IN ('asciiword', 'word', 'hword_asciipart', 'hword_part') AND cardinality(lexemes) > 0;
END $$;
