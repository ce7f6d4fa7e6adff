-- Whether search_prodotti(q, …) finds the (visible) product pid, without listing what it finds: the
-- conditions of search_prodotti_uncached, for one product. For search_prodotti_cliente, whose total
-- counts the client's own product once. A test compares it with the full answer.
-- plan_cache_mode = force_custom_plan: with a generic plan (auto picks one after five calls) the
-- `= cn OR LIKE cn || '%'` on the codes cannot use their index and reads all of them (~100 ms on
-- 200,000 products); planning each call costs well under a millisecond.
CREATE OR REPLACE FUNCTION search_contiene(q text, pid int) RETURNS boolean
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  cn text := code_norm(q);
  code_like boolean;
  nascoste int[];
  qf tsquery;
BEGIN
  IF q ~ '[0-9]' AND length(cn) >= 2 THEN
    code_like := btrim(q) !~ '\s' AND length(cn) >= 4
      AND (q ~ '[-/.]' OR cn ~ '^[0-9]{5,}$' OR length(cn) >= 8);
    nascoste := categorie_nascoste();
    -- Codes first and alone: when a visible product has such a code, only those are found.
    IF EXISTS (SELECT 1 FROM prodotti_codici pc JOIN prodotti p ON p.id = pc.prodotto_id
               WHERE (pc.codice_n = cn OR (code_like AND pc.codice_n LIKE cn || '%'))
                 AND prodotto_visibile(p.status, p.deleted_at, p.categoria_id, nascoste)) THEN
      RETURN EXISTS (SELECT 1 FROM prodotti_codici pc
                     WHERE pc.prodotto_id = pid AND (pc.codice_n = cn OR (code_like AND pc.codice_n LIKE cn || '%')));
    END IF;
  END IF;
  SELECT b.q_full INTO qf FROM search_build(q) b;
  RETURN qf IS NOT NULL AND EXISTS (SELECT 1 FROM prodotti p WHERE p.id = pid AND p.search_doc @@ qf);
END $$;
