-- A token as the search vocabulary keeps it (SEARCH-NOTES.md): unaccented and lower-cased.
CREATE OR REPLACE FUNCTION parola_vocab(token text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(f_unaccent(token))
$$;
