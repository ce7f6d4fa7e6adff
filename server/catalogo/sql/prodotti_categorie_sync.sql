-- Trigger function (trigger prodotti_categorie_sync_trg, after an update of categoria_id, status or
-- deleted_at). prodotti_categorie holds every ancestor category of each VISIBLE product (status 0,
-- not deleted) whose category is visible too (categoria_visibile: its whole path enabled), kept in
-- step with prodotti here (new products: prodotti_nuovi) and with categorie by
-- categorie_prodotti_sync, so a category page and its count are plain index ranges.
CREATE OR REPLACE FUNCTION prodotti_categorie_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.categoria_id IS NOT DISTINCT FROM OLD.categoria_id AND NEW.status = OLD.status
     AND (NEW.deleted_at IS NULL) = (OLD.deleted_at IS NULL) THEN
    RETURN NEW;
  END IF;
  DELETE FROM prodotti_categorie WHERE prodotto_id = NEW.id;
  IF NEW.status = 0 AND NEW.deleted_at IS NULL THEN
    INSERT INTO prodotti_categorie (categoria_id, prodotto_id)
      SELECT unnest(c.path_ids), NEW.id FROM categorie c WHERE c.id = NEW.categoria_id AND categoria_visibile(c.path_ids)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
