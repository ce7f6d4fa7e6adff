ALTER TABLE "prodotti" ADD COLUMN "prezzo_acquisto" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "prodotti" ADD COLUMN "famiglia_statistica" text;