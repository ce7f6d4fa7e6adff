CREATE INDEX "clienti_ricerca_trgm" ON "clienti" USING gin (lower(f_unaccent("codice" || ' ' || "ragione_sociale" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clienti_codice_c" ON "clienti" USING btree ((lower("codice") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "clienti_ragione_sociale_id" ON "clienti" USING btree ("ragione_sociale","id");