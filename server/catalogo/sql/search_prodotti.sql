-- The cached entry point of product search: pages for 10 minutes; exact totals per normalised
-- query, so a broad term is counted once and not on every page. Keys start with the catalogue's
-- version (search_cache_versione, raised by every product change): a search that read the
-- catalogue before a change stores its page under the old version, where nobody looks any more.
CREATE OR REPLACE FUNCTION search_prodotti(q text, lim int, off int, OUT ids int[], OUT total int)
LANGUAGE plpgsql AS $$
DECLARE
  norm text := lower(f_unaccent(regexp_replace(btrim(q), '\s+', ' ', 'g')));
  ver text := (SELECT v.versione FROM search_cache_versione v);
  page_key text := ver || '|p|' || lim || '|' || off || '|' || norm;
  count_key text := ver || '|c|' || norm;
  qf tsquery;
  nascoste int[];
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
      nascoste := categorie_nascoste(); -- the visibility of search_prodotti_uncached
      SELECT count(*)::int INTO total FROM prodotti p
      WHERE p.search_doc @@ qf AND prodotto_visibile(p.status, p.deleted_at, p.categoria_id, nascoste);
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
