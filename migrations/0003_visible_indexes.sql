DROP INDEX "prodotti_brand_idx";--> statement-breakpoint
DROP INDEX "prodotti_created_idx";--> statement-breakpoint
CREATE INDEX "prodotti_brand_idx" ON "prodotti" USING btree ("brand_codice","id") WHERE status = 0 AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "prodotti_created_idx" ON "prodotti" USING btree ("created_at" DESC NULLS LAST,"id") WHERE status = 0 AND deleted_at IS NULL;