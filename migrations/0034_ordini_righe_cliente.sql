ALTER TABLE "ordini_righe" ADD COLUMN "cliente_id" integer;--> statement-breakpoint
UPDATE "ordini_righe" r SET "cliente_id" = o."cliente_id" FROM "ordini" o WHERE o."id" = r."ordine_id";--> statement-breakpoint
CREATE INDEX "ordini_righe_cliente_prodotto_idx" ON "ordini_righe" USING btree ("cliente_id","prodotto_id","ordine_id");--> statement-breakpoint
-- A first version of the trigger's function; server/ordini/sql/ordini_righe_cliente.sql takes over.
CREATE OR REPLACE FUNCTION ordini_righe_cliente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cliente_id := (SELECT o.cliente_id FROM ordini o WHERE o.id = NEW.ordine_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ordini_righe_cliente_trg" BEFORE INSERT ON "ordini_righe" FOR EACH ROW EXECUTE FUNCTION ordini_righe_cliente();
