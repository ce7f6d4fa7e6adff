ALTER TABLE "prodotti_media" ADD COLUMN "file_web" text;--> statement-breakpoint
ALTER TABLE "prodotti_media" ADD COLUMN "file_thumb" text;--> statement-breakpoint
ALTER TABLE "prodotti_media" ADD COLUMN "dimensione" integer;--> statement-breakpoint
-- Data loaded before this migration may mark several photos of a product as main: the oldest keeps the mark.
UPDATE "prodotti_media" m SET "nome" = '' WHERE m.tipologia = 'foto' AND m.nome = 'default' AND EXISTS (
  SELECT 1 FROM "prodotti_media" o WHERE o.codice_prodotto = m.codice_prodotto AND o.tipologia = 'foto' AND o.nome = 'default' AND o.id < m.id
);--> statement-breakpoint
CREATE UNIQUE INDEX "prodotti_media_principale_uq" ON "prodotti_media" USING btree ("codice_prodotto") WHERE tipologia = 'foto' AND nome = 'default';