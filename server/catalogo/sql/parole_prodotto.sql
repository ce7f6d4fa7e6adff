-- The tokens of a product's searchable text (the texts of search_doc) as the parser gives them,
-- with their token type, skipping blanks and whole compound words (their parts come as tokens of
-- their own). The vocabulary keeps them unaccented and lower-cased (parola_vocab): its callers
-- count each distinct token first and normalise it once, as a catalogue has millions of token
-- occurrences and some 25,000 distinct tokens (normalising each occurrence made a full rebuild
-- of 400,000 products take 16 s, 3.4 s this way). One definition for refresh_search_vocab (all
-- products) and impara_parole_vocab (some): an SQL function Postgres inlines into their queries.
-- Until session 5 it returned normalised words (word, alias): a new result type needs a DROP.
DROP FUNCTION IF EXISTS parole_prodotto(prodotti);
CREATE FUNCTION parole_prodotto(p prodotti) RETURNS TABLE (token text, alias text)
LANGUAGE sql STABLE AS $$
  SELECT tp.token, tt.alias
  FROM ts_parse('default',
         coalesce(nullif(p.titolo_portale, ''), p.descrizione1) || ' ' || p.brand_nome || ' ' ||
         p.famiglia || ' ' || p.sottofamiglia || ' ' || p.gruppo || ' ' || p.descrizione2 || ' ' ||
         p.descrizione_aggiuntiva) tp
  JOIN ts_token_type('default') tt ON tt.tokid = tp.tokid
  WHERE tt.alias NOT IN ('blank', 'asciihword', 'hword', 'numhword')
$$;
