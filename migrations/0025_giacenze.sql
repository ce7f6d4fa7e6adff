-- Stock apart from the catalogue row (docs/decisions.md 'Stock apart from the catalogue'): a
-- stock change rewrites this narrow row, not the product with its tsvectors and GIN entries.
CREATE TABLE "giacenze" (
	"prodotto_id" integer PRIMARY KEY NOT NULL,
	"giac_attuale" integer DEFAULT 0 NOT NULL,
	"disponibilita" integer DEFAULT 0 NOT NULL,
	"ord_forn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Room on each page, so that an order's stock update stays HOT (only the primary key is indexed).
ALTER TABLE "giacenze" SET (fillfactor = 80);--> statement-breakpoint
INSERT INTO "giacenze" (prodotto_id, giac_attuale, disponibilita, ord_forn)
SELECT id, giac_attuale, disponibilita, ord_forn FROM prodotti;--> statement-breakpoint
ALTER TABLE "giacenze" ADD CONSTRAINT "giacenze_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prodotti" DROP COLUMN "giac_attuale";--> statement-breakpoint
ALTER TABLE "prodotti" DROP COLUMN "disponibilita";--> statement-breakpoint
ALTER TABLE "prodotti" DROP COLUMN "ord_forn";--> statement-breakpoint
-- Every product has its stock row from the statement that creates it: one set-based insert per
-- statement (an import's INSERT of 200,000 products, a seed's COPY), not a trigger call per row.
CREATE FUNCTION prodotti_giacenze_crea() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO giacenze (prodotto_id) SELECT id FROM nuovi_prodotti;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER prodotti_giacenze_trg AFTER INSERT ON prodotti REFERENCING NEW TABLE AS nuovi_prodotti
FOR EACH STATEMENT EXECUTE FUNCTION prodotti_giacenze_crea();
