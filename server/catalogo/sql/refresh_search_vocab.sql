-- Search vocabulary (see SEARCH-NOTES.md): every distinct token of the searchable text with its
-- lexemes, and the alphabetic ones for typo look-ups. Run after a catalogue import; it also
-- empties the search cache.
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
