-- What changed in the catalogue ('prodotti' with their ids, 'categorie', 'tutto'): every server
-- process forgets what it cached of it (channel 'catalogo', read by server/catalogo/catalogo.cache.ts).
-- Every change also retires every page of search_cache, a table all processes share: a changed
-- title, code or visibility (a product's, or its category's: search leaves out the products of
-- categories customers do not see) changes which searches find a product and their totals, and a
-- cached page cannot tell which searches would now find it. The pages are not deleted but left
-- behind by a new version in their keys (search_cache_versione), so that a search still running on
-- the catalogue as it was cannot store its page for the new version; the old ones expire with their
-- TTL. Inside a transaction the notice and the new version take effect at commit, with the change.
-- Called by the app, the importer and the seeds alike: SELECT notifica_catalogo('tutto').
CREATE OR REPLACE FUNCTION notifica_catalogo(cosa text, prodotti int[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := CASE WHEN cosa = 'prodotti' THEN json_build_object('prodotti', prodotti)::text ELSE to_json(cosa)::text END;
BEGIN
  IF cosa IS NULL OR cosa NOT IN ('prodotti', 'categorie', 'tutto') THEN
    RAISE EXCEPTION 'notifica_catalogo: % invece di prodotti, categorie o tutto', coalesce(cosa, 'NULL');
  END IF;
  -- No products, nothing changed.
  IF cosa = 'prodotti' AND coalesce(cardinality(prodotti), 0) = 0 THEN
    RETURN;
  END IF;
  -- Postgres refuses payloads of 8000 bytes or more: longer lists of products become 'tutto'.
  IF octet_length(payload) >= 7900 THEN
    payload := to_json('tutto'::text)::text;
  END IF;
  UPDATE search_cache_versione SET versione = versione + 1;
  PERFORM pg_notify('catalogo', payload);
END $$;
