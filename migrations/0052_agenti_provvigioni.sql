CREATE TABLE "stat_clienti_mese" (
	"cliente_id" integer NOT NULL,
	"anno" smallint NOT NULL,
	"mese" smallint NOT NULL,
	"numero_ordini" integer NOT NULL,
	"importo_totale" numeric(16, 3) NOT NULL,
	CONSTRAINT "stat_clienti_mese_cliente_id_anno_mese_pk" PRIMARY KEY("cliente_id","anno","mese")
);
--> statement-breakpoint
CREATE TABLE "provvigioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"agente_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"documento_tipo" text NOT NULL,
	"documento_numero" text NOT NULL,
	"documento_data" date NOT NULL,
	"importo" numeric(14, 2) NOT NULL,
	"stato" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provvigioni_stato_check" CHECK (stato IN ('da_maturare', 'maturata', 'liquidata'))
);
--> statement-breakpoint
ALTER TABLE "provvigioni" ADD CONSTRAINT "provvigioni_agente_id_utenti_id_fk" FOREIGN KEY ("agente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provvigioni" ADD CONSTRAINT "provvigioni_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provvigioni_agente_cliente_documento_uq" ON "provvigioni" USING btree ("agente_id","cliente_id","documento_tipo","documento_numero");--> statement-breakpoint
CREATE INDEX "provvigioni_agente_cliente_data_idx" ON "provvigioni" USING btree ("agente_id","cliente_id","documento_data" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "carrelli_aggiunte" (
	"carrello_id" integer NOT NULL,
	"chiave" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrelli_aggiunte_carrello_id_chiave_pk" PRIMARY KEY("carrello_id","chiave")
);
--> statement-breakpoint
ALTER TABLE "carrelli_aggiunte" ADD CONSTRAINT "carrelli_aggiunte_carrello_id_carrelli_id_fk" FOREIGN KEY ("carrello_id") REFERENCES "public"."carrelli"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- a mano (hand-written)
-- The portfolio sums a client's months from the primary key alone (docs/decisions/rollup-clienti-mese.md):
-- the amount rides in it. Closed months never change, so their pages stay all-visible.
ALTER TABLE "stat_clienti_mese" DROP CONSTRAINT "stat_clienti_mese_cliente_id_anno_mese_pk",
  ADD CONSTRAINT "stat_clienti_mese_cliente_id_anno_mese_pk" PRIMARY KEY ("cliente_id", "anno", "mese") INCLUDE ("importo_totale");
--> statement-breakpoint
-- The per-client monthly rollup from the orders already there (docs/decisions/rollup-clienti-mese.md),
-- as the other rollups hold them: without the orders still queued (stat_coda), which the next fold
-- adds (or takes out) as it does to those.
INSERT INTO "stat_clienti_mese" ("cliente_id", "anno", "mese", "numero_ordini", "importo_totale")
SELECT cliente_id, extract(year FROM t)::smallint, extract(month FROM t)::smallint, sum(n), sum(n * totale)
FROM (
  SELECT cliente_id, totale, created_at AT TIME ZONE 'Europe/Rome' AS t, 1 AS n FROM ordini WHERE response_code = '201'
  UNION ALL
  SELECT o.cliente_id, o.totale, o.created_at AT TIME ZONE 'Europe/Rome', -q.segno
  FROM (SELECT ordine_id, sum(segno)::int AS segno FROM stat_coda GROUP BY ordine_id HAVING sum(segno) <> 0) q
  JOIN ordini o ON o.id = q.ordine_id
) x
GROUP BY 1, 2, 3
HAVING sum(n) <> 0;
--> statement-breakpoint
-- What an agent places in a client's name goes into the client's history (docs/regole/agenti.md#history).
-- First version of the trigger function; server/agenti/sql/evento_agente_cliente.sql takes over.
-- Trigger function on ordini, preventivi and resi (migration 0052): what a sales agent places in a
-- client's name (an order, a quote request, a return) goes into the client's history
-- (eventi_organizzazione, docs/regole/agenti.md#history) in the same transaction, whichever path
-- made it. The agent is the author and the person it is about, so that the history's person filter
-- finds the agent's actions. The row is read as JSON: the three tables name their number apart.
CREATE OR REPLACE FUNCTION evento_agente_cliente() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a record;
  r jsonb := to_jsonb(NEW);
BEGIN
  SELECT id, trim(nome || ' ' || cognome) AS nominativo INTO a FROM utenti WHERE id = (r->>'utente_id')::int AND agente_codice IS NOT NULL;
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO eventi_organizzazione (cliente_id, autore_utente_id, autore_nome, soggetto_utente_id, soggetto_nome, azione, dettagli)
  VALUES ((r->>'cliente_id')::int, a.id, a.nominativo, a.id, a.nominativo,
    CASE TG_TABLE_NAME WHEN 'ordini' THEN 'agente_ordine' WHEN 'preventivi' THEN 'agente_preventivo' ELSE 'agente_reso' END,
    CASE TG_TABLE_NAME WHEN 'ordini' THEN jsonb_build_object('ordine_id', (r->>'id')::int) ELSE jsonb_build_object('numero', r->>'numero') END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ordini_evento_agente AFTER INSERT ON ordini FOR EACH ROW
  WHEN (NEW.inserito_da_agente IS NOT NULL) EXECUTE FUNCTION evento_agente_cliente();
--> statement-breakpoint
CREATE TRIGGER preventivi_evento_agente AFTER INSERT ON preventivi FOR EACH ROW EXECUTE FUNCTION evento_agente_cliente();
--> statement-breakpoint
CREATE TRIGGER resi_evento_agente AFTER INSERT ON resi FOR EACH ROW EXECUTE FUNCTION evento_agente_cliente();
