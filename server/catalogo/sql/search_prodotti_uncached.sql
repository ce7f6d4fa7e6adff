-- One page of product ids for a search, and the exact total (NULL on the broad path: counted and
-- cached by search_prodotti). Codes first: when the text looks like a code and some code matches
-- exactly or as a prefix, only those products are returned. Small sets are ranked in one bitmap
-- pass; broad sets tier by tier, each only while the page is not full
-- (docs/decisions/search-tiers-uncached.md). Products of a category customers do not see are left
-- out, as on the category pages (prodotto_visibile with categorie_nascoste; in the dynamic statements
-- its terms written out, the categories' only when some are switched off, so that with none the
-- statements stay as they were).
-- plan_cache_mode = auto as in search_build (LIKE prefixes on codes).
CREATE OR REPLACE FUNCTION search_prodotti_uncached(q text, lim int, off int, OUT ids int[], OUT total int)
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  cn text := code_norm(q);
  code_like boolean;
  qf tsquery;
  qs tsquery;
  plan json;
  est int;
  need int;
  more int[];
  nascoste int[] := categorie_nascoste();
  -- The rest of prodotto_visibile as a fragment of the dynamic statements below (they write out its
  -- `status = 0 AND deleted_at IS NULL`).
  vis text := CASE WHEN cardinality(nascoste) = 0 THEN ''
    ELSE format(' AND (p.categoria_id IS NULL OR p.categoria_id <> ALL (%L::int[]))', nascoste) END;
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
      WHERE prodotto_visibile(p.status, p.deleted_at, p.categoria_id, nascoste)
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
          FROM prodotti p WHERE p.search_doc @@ %2$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL%5$s
          ORDER BY tier, p.popolarita DESC, p.id LIMIT %3$s OFFSET %4$s) s) r
      $q$, qs, qf, lim, off, vis) INTO ids, total;
    IF total = 0 AND off > 0 THEN
      EXECUTE format('SELECT count(*)::int FROM prodotti p WHERE p.search_doc @@ %L::tsquery AND p.status = 0 AND p.deleted_at IS NULL%s', qf, vis) INTO total;
    END IF;
    RETURN;
  END IF;

  -- Broad sets, tier by tier and only while the page is not full. Tier 2 (the strict words in
  -- the title) is large here: it walks the popularity index and stops at the page's end. Tiers 3
  -- and 4 are mostly small or empty, and a walk that finds too few reads the whole index (0.2 to
  -- 0.5 s on 200,000 products): they take their rows from the text indexes and sort those.
  need := off + lim;
  EXECUTE format($q$
    SELECT coalesce(array_agg(id ORDER BY popolarita DESC, id), '{}') FROM (
      SELECT p.id, p.popolarita FROM prodotti p
      WHERE p.title_doc @@ %1$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL%3$s
      ORDER BY p.popolarita DESC, p.id LIMIT %2$s) s
    $q$, qs, need, vis) INTO ids;
  IF cardinality(ids) < need AND qf::text <> qs::text THEN
    EXECUTE format($q$
      WITH m AS MATERIALIZED (
        SELECT p.id, p.popolarita FROM prodotti p
        WHERE p.title_doc @@ %1$L::tsquery AND NOT p.title_doc @@ %2$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL%4$s)
      SELECT coalesce(array_agg(id ORDER BY popolarita DESC, id), '{}') FROM (
        SELECT * FROM m ORDER BY popolarita DESC, id LIMIT %3$s) s
      $q$, qf, qs, need - cardinality(ids), vis) INTO more;
    ids := ids || more;
  END IF;
  IF cardinality(ids) < need THEN
    EXECUTE format($q$
      WITH m AS MATERIALIZED (
        SELECT p.id, p.popolarita FROM prodotti p
        WHERE p.search_doc @@ %1$L::tsquery AND NOT p.title_doc @@ %1$L::tsquery AND p.status = 0 AND p.deleted_at IS NULL%3$s)
      SELECT coalesce(array_agg(id ORDER BY popolarita DESC, id), '{}') FROM (
        SELECT * FROM m ORDER BY popolarita DESC, id LIMIT %2$s) s
      $q$, qf, need - cardinality(ids), vis) INTO more;
    ids := ids || more;
  END IF;
  ids := coalesce(ids[off + 1 : off + lim], '{}');
  total := NULL; -- counted (and cached) by the caller
END $$;
