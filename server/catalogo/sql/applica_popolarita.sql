-- Folds the queued order lines (popolarita_coda) into prodotti.popolarita; returns the products
-- changed. Each queued line is counted once even with several servers calling it (the DELETE
-- takes them). Called every few minutes by server/catalogo/popolarita.ts.
CREATE OR REPLACE FUNCTION applica_popolarita() RETURNS int LANGUAGE sql AS $$
  WITH presi AS (DELETE FROM popolarita_coda RETURNING prodotto_id),
  conti AS (SELECT prodotto_id, count(*)::int AS n FROM presi GROUP BY prodotto_id),
  fatti AS (UPDATE prodotti p SET popolarita = p.popolarita + c.n FROM conti c WHERE p.id = c.prodotto_id RETURNING 1)
  SELECT count(*)::int FROM fatti
$$;
