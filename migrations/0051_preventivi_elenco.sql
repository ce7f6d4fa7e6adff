CREATE TABLE "preventivi_conti" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "preventivi_stato_idx";--> statement-breakpoint
DROP INDEX "preventivi_cliente_idx";--> statement-breakpoint
ALTER TABLE "preventivi" ADD COLUMN "righe_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "preventivi" ADD COLUMN "totale" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "preventivi_conti" ADD CONSTRAINT "preventivi_conti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preventivi_cliente_aggiornati_idx" ON "preventivi" USING btree ("cliente_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "preventivi_aggiornati_idx" ON "preventivi" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "preventivi_cliente_idx" ON "preventivi" USING btree ("cliente_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- a mano (hand-written)
-- The lists of quotes read by their filters and their order (docs/decisions/preventivi-elenco-piani.md).
-- A state's page and count: one client's quotes in that state, newest first; scade_at beside, so
-- that an offer's validity (Risposta ricevuta or Scaduta) is told from the index alone.
CREATE INDEX "preventivi_cliente_stato_idx" ON "preventivi" USING btree ("cliente_id", "stato", "created_at" DESC, "id" DESC) INCLUDE ("scade_at");--> statement-breakpoint
-- The staff's queue by state, the last touched first (and the admin home's counter).
CREATE INDEX "preventivi_stato_idx" ON "preventivi" USING btree ("stato", "updated_at" DESC, "id" DESC) INCLUDE ("scade_at");--> statement-breakpoint
-- First versions of the trigger functions; server/preventivi/sql/ takes over.
CREATE OR REPLACE FUNCTION preventivi_sintesi() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*)::int, CASE WHEN NEW.versione > 0 THEN round(coalesce(sum(r.prezzo * r.quantita), 0), 2) END
    INTO NEW.righe_n, NEW.totale
  FROM preventivi_righe r WHERE r.preventivo_id = NEW.id AND r.versione = NEW.versione;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION preventivi_righe_sintesi() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE preventivi q SET righe_n = x.n, totale = CASE WHEN q.versione > 0 THEN x.totale END
  FROM (SELECT DISTINCT r.preventivo_id, r.versione FROM nuove r) v
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, round(coalesce(sum(r.prezzo * r.quantita), 0), 2) AS totale
    FROM preventivi_righe r WHERE r.preventivo_id = v.preventivo_id AND r.versione = v.versione) x
  WHERE q.id = v.preventivo_id AND q.versione = v.versione;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION preventivi_conti_aggiorna() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO preventivi_conti (cliente_id, n)
    SELECT q.cliente_id, count(*)::int FROM nuovi q GROUP BY q.cliente_id ORDER BY q.cliente_id
    ON CONFLICT (cliente_id) DO UPDATE SET n = preventivi_conti.n + excluded.n;
  ELSE
    -- A client deleted takes its row with it (ON DELETE CASCADE): nothing left to lower then.
    UPDATE preventivi_conti c SET n = c.n - x.n
    FROM (SELECT q.cliente_id, count(*)::int AS n FROM tolti q GROUP BY q.cliente_id) x
    WHERE c.cliente_id = x.cliente_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "preventivi_sintesi_trg" BEFORE UPDATE OF "versione" ON "preventivi"
  FOR EACH ROW WHEN (NEW.versione IS DISTINCT FROM OLD.versione) EXECUTE FUNCTION preventivi_sintesi();--> statement-breakpoint
CREATE TRIGGER "preventivi_righe_sintesi_trg" AFTER INSERT ON "preventivi_righe"
  REFERENCING NEW TABLE AS nuove FOR EACH STATEMENT EXECUTE FUNCTION preventivi_righe_sintesi();--> statement-breakpoint
CREATE TRIGGER "preventivi_conti_nuovi_trg" AFTER INSERT ON "preventivi"
  REFERENCING NEW TABLE AS nuovi FOR EACH STATEMENT EXECUTE FUNCTION preventivi_conti_aggiorna();--> statement-breakpoint
CREATE TRIGGER "preventivi_conti_tolti_trg" AFTER DELETE ON "preventivi"
  REFERENCING OLD TABLE AS tolti FOR EACH STATEMENT EXECUTE FUNCTION preventivi_conti_aggiorna();--> statement-breakpoint
-- The quotes there already.
UPDATE "preventivi" q SET "righe_n" = x.n, "totale" = CASE WHEN q.versione > 0 THEN x.totale END
FROM (SELECT r.preventivo_id, r.versione, count(*)::int AS n, round(coalesce(sum(r.prezzo * r.quantita), 0), 2) AS totale
  FROM "preventivi_righe" r GROUP BY r.preventivo_id, r.versione) x
WHERE x.preventivo_id = q.id AND x.versione = q.versione;--> statement-breakpoint
INSERT INTO "preventivi_conti" ("cliente_id", "n") SELECT "cliente_id", count(*)::int FROM "preventivi" GROUP BY "cliente_id";
