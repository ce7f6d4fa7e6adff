CREATE TABLE "search_cache_versione" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"versione" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_cache_versione_una_riga" CHECK ("search_cache_versione"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "prodotti_categoria_idx" ON "prodotti" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "prodotti_custom_idx" ON "prodotti" USING btree ("updated_at" DESC NULLS FIRST,"id") WHERE (coalesce(titolo_portale, '') <> '' OR descrizione_aggiuntiva <> '') AND status = 0 AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "modifiche_admin_entita_idx" ON "modifiche_admin" USING btree ("entita","entita_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
-- Hand-written from here. The catalogue's version in the search cache keys (search_prodotti).
-- Pages cached before it have keys without a version: nobody reads them again, they expire.
INSERT INTO search_cache_versione (id, versione) VALUES (1, 0);--> statement-breakpoint
-- A switched-off category hides its branch from category pages: first version of the trigger
-- function; server/catalogo/sql/categorie_prodotti_sync.sql takes over (with categoria_visibile,
-- defined there too, after this migration: a plpgsql body is looked up when it first runs).
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
--> statement-breakpoint
CREATE TRIGGER categorie_prodotti_sync_trg AFTER UPDATE OF status, path_ids ON categorie
  FOR EACH ROW WHEN ((OLD.status = 0) <> (NEW.status = 0) OR OLD.path_ids IS DISTINCT FROM NEW.path_ids)
  EXECUTE FUNCTION categorie_prodotti_sync();--> statement-breakpoint
-- Products of categories already switched off leave the category pages.
DELETE FROM prodotti_categorie pc USING prodotti p JOIN categorie c ON c.id = p.categoria_id
WHERE pc.prodotto_id = p.id
  AND EXISTS (SELECT 1 FROM categorie a WHERE a.id = ANY(c.path_ids) AND a.status <> 0);
