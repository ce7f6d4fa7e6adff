-- The words of a product's searchable text as the search vocabulary keeps them (SEARCH-NOTES.md):
-- every token of the title, brand, families and descriptions (the texts of search_doc), unaccented
-- and lower-cased, with its token type, skipping blanks and whole compound words (their parts
-- come as tokens of their own). One definition for refresh_search_vocab (all products) and
-- impara_parole_vocab (some): an SQL function Postgres inlines into their queries.
CREATE OR REPLACE FUNCTION parole_prodotto(p prodotti) RETURNS TABLE (word text, alias text)
LANGUAGE sql STABLE AS $$
  SELECT lower(f_unaccent(tp.token)), tt.alias
  FROM ts_parse('default',
         coalesce(nullif(p.titolo_portale, ''), p.descrizione1) || ' ' || p.brand_nome || ' ' ||
         p.famiglia || ' ' || p.sottofamiglia || ' ' || p.gruppo || ' ' || p.descrizione2 || ' ' ||
         p.descrizione_aggiuntiva) tp
  JOIN ts_token_type('default') tt ON tt.tokid = tp.tokid
  WHERE tt.alias NOT IN ('blank', 'asciihword', 'hword', 'numhword')
$$;
