-- Trigger function (statement trigger prodotti_nuovi_trg, migration 0025): what a new product gets
-- with it, for all the statement's products at once (an import's INSERT of 200,000 products, a
-- seed's COPY): its stock row, the categories that list it (prodotti_categorie: the path of a
-- visible product in a visible category, as prodotti_categorie_sync keeps them on updates) and
-- its own code as searchable codes. Set-based: row triggers made an import of 200,000 new
-- products 7 s slower (docs/decisions/new-products-statement-trigger.md).
CREATE OR REPLACE FUNCTION prodotti_nuovi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO giacenze (prodotto_id) SELECT id FROM nuovi_prodotti;
  INSERT INTO prodotti_categorie (categoria_id, prodotto_id)
    SELECT unnest(c.path_ids), p.id FROM nuovi_prodotti p JOIN categorie c ON c.id = p.categoria_id
    WHERE p.status = 0 AND p.deleted_at IS NULL AND categoria_visibile(c.path_ids);
  INSERT INTO prodotti_codici (prodotto_id, tipo, codice)
    SELECT p.id, k.tipo, k.codice FROM nuovi_prodotti p CROSS JOIN LATERAL codici_propri(p.codice_prodotto) WITH ORDINALITY k(tipo, codice, n)
    ORDER BY p.id, k.n;
  RETURN NULL;
END $$;
