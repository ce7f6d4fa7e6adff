-- A client's product search: the shared search (search_prodotti, whose cached pages are the same
-- for every client) with the product the client gave this text as its own code first
-- (docs/regole/ordine-rapido.md#own-codes, docs/decisions/own-codes-search.md). The own code is
-- looked up on its own, by client and normalised code (the unique index codici_cliente_codice_uq),
-- and never stored in search_cache; without one, this is search_prodotti. With one, the answer is
-- that product followed by the shared answer without it: a page at `off` is the shared page at
-- off - 1, one product further on once the own product has been passed, and the total counts it once.
CREATE OR REPLACE FUNCTION search_prodotti_cliente(q text, cliente int, lim int, off int, OUT ids int[], OUT total int)
LANGUAGE plpgsql AS $$
DECLARE
  cn text := code_norm(q);
  own int;
  dentro boolean;
  w int[];
  t int;
  prima boolean := false;
BEGIN
  IF cn <> '' THEN
    SELECT cc.prodotto_id INTO own FROM codici_cliente cc JOIN prodotti p ON p.id = cc.prodotto_id
    WHERE cc.cliente_id = cliente AND cc.codice_n = cn
      AND prodotto_visibile(p.status, p.deleted_at, p.categoria_id, categorie_nascoste());
  END IF;
  IF own IS NULL THEN
    SELECT s.ids, s.total INTO ids, total FROM search_prodotti(q, lim, off) s;
    RETURN;
  END IF;
  dentro := search_contiene(q, own);
  IF off = 0 THEN
    SELECT s.ids, s.total INTO w, t FROM search_prodotti(q, lim, 0) s;
    ids := (ARRAY[own] || array_remove(w, own))[1:lim];
  ELSE
    SELECT s.ids, s.total INTO w, t FROM search_prodotti(q, lim + 1, off - 1) s;
    IF dentro AND NOT own = ANY(w) AND off > 1 THEN
      -- Whether the own product came before this page; uncached, so that no page of off - 1 ids is stored.
      SELECT own = ANY(s.ids) INTO prima FROM search_prodotti_uncached(q, off - 1, 0) s;
    END IF;
    ids := CASE WHEN own = ANY(w) THEN (array_remove(w, own))[1:lim] WHEN prima THEN w[2:lim + 1] ELSE w[1:lim] END;
  END IF;
  ids := coalesce(ids, '{}');
  total := t + CASE WHEN dentro THEN 0 ELSE 1 END;
END $$;
