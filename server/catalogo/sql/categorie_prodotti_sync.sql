-- Trigger function (trigger categorie_prodotti_sync_trg, migration 0022): a category switched on
-- or off, or moved, re-syncs prodotti_categorie for the products of its whole branch (see
-- prodotti_categorie_sync): switched off, its products leave the pages of the category and of
-- every category above it; switched on, they come back where their whole path is enabled.
-- The branch's products are found by prodotti_categoria_idx; a top category of a large catalogue
-- is tens of thousands of rows, acceptable for an admin's rare switch.
CREATE OR REPLACE FUNCTION categorie_prodotti_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ramo int[];
  visibili int[];
BEGIN
  -- The branch's categories, and those of them customers see (decided once per category).
  SELECT array_agg(c.id), array_agg(c.id) FILTER (WHERE categoria_visibile(c.path_ids)) INTO ramo, visibili
  FROM categorie c WHERE c.path_ids @> ARRAY[NEW.id];
  DELETE FROM prodotti_categorie pc USING prodotti p
  WHERE p.categoria_id = ANY(ramo) AND pc.prodotto_id = p.id;
  IF visibili IS NOT NULL THEN
    INSERT INTO prodotti_categorie (categoria_id, prodotto_id)
      SELECT unnest(c.path_ids), p.id FROM prodotti p JOIN categorie c ON c.id = p.categoria_id
      WHERE p.categoria_id = ANY(visibili) AND p.status = 0 AND p.deleted_at IS NULL
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
