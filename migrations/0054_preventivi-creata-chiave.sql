ALTER TABLE "preventivi" ADD COLUMN "creata_chiave" text;--> statement-breakpoint
CREATE UNIQUE INDEX "preventivi_creata_chiave_uq" ON "preventivi" USING btree ("cliente_id","creata_chiave");