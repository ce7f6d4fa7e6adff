DROP INDEX "clienti_ricerca_trgm";--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "ricerca" text GENERATED ALWAYS AS (lower(f_unaccent(codice || ' ' || ragione_sociale || ' ' || email))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "nome_ricerca" text GENERATED ALWAYS AS (' ' || lower(f_unaccent(ragione_sociale))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clienti_ricerca_trgm" ON "clienti" USING gin ("ricerca" gin_trgm_ops);