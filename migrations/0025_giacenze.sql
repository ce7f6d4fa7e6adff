-- Stock apart from the catalogue row (docs/decisions/stock-table-giacenze.md): a
-- stock change rewrites this narrow row, not the product with its tsvectors and GIN entries.
CREATE TABLE "giacenze" (
	"prodotto_id" integer PRIMARY KEY NOT NULL,
	"giac_attuale" integer DEFAULT 0 NOT NULL,
	"disponibilita" integer DEFAULT 0 NOT NULL,
	"ord_forn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Room on each page, so that an order's stock update stays HOT (only the primary key is indexed).
-- The rows are narrow (~40 bytes): at 80 a page held the stock of ~150 products, and the busiest
-- ones (the bench's 2,000 at 500 orders/s) filled their pages with versions faster than they
-- could be pruned: 57 % HOT, the index bloated and ordini/create slowed run after run (p95 42 ->
-- 52 -> 62 ms). At 25: 100 % HOT, 45-48 ms, 34 MB for 200,000 products.
ALTER TABLE "giacenze" SET (fillfactor = 25);--> statement-breakpoint
INSERT INTO "giacenze" (prodotto_id, giac_attuale, disponibilita, ord_forn)
SELECT id, giac_attuale, disponibilita, ord_forn FROM prodotti;--> statement-breakpoint
ALTER TABLE "giacenze" ADD CONSTRAINT "giacenze_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prodotti" DROP COLUMN "giac_attuale";--> statement-breakpoint
ALTER TABLE "prodotti" DROP COLUMN "disponibilita";--> statement-breakpoint
ALTER TABLE "prodotti" DROP COLUMN "ord_forn";--> statement-breakpoint
-- What a new product gets with it (its stock row, its categories, its own code as searchable
-- codes) comes from one statement trigger, set-based for the statement's products, instead of two
-- row triggers: 200,000 new products by import took 7 s less. The row triggers keep updates.
DROP TRIGGER prodotti_categorie_sync_trg ON prodotti;--> statement-breakpoint
CREATE TRIGGER prodotti_categorie_sync_trg AFTER UPDATE OF categoria_id, status, deleted_at ON prodotti
FOR EACH ROW EXECUTE FUNCTION prodotti_categorie_sync();--> statement-breakpoint
DROP TRIGGER prodotti_codice_sync_trg ON prodotti;--> statement-breakpoint
CREATE TRIGGER prodotti_codice_sync_trg AFTER UPDATE OF codice_prodotto ON prodotti
FOR EACH ROW EXECUTE FUNCTION prodotti_codice_sync();--> statement-breakpoint
-- Its body is server/catalogo/sql/prodotti_nuovi.sql, applied after the numbered migrations in the
-- same transaction (server/db/migrate.ts).
CREATE FUNCTION prodotti_nuovi() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER prodotti_nuovi_trg AFTER INSERT ON prodotti REFERENCING NEW TABLE AS nuovi_prodotti
FOR EACH STATEMENT EXECUTE FUNCTION prodotti_nuovi();
