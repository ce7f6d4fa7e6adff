CREATE TABLE "stat_clienti_anno" (
	"anno" smallint NOT NULL,
	"cliente_id" integer NOT NULL,
	"cliente_codice" text NOT NULL,
	"cliente_nome" text NOT NULL,
	"numero_ordini" integer NOT NULL,
	"importo_totale" numeric(16, 3) NOT NULL,
	CONSTRAINT "stat_clienti_anno_anno_cliente_id_pk" PRIMARY KEY("anno","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "stat_ordini_mese" (
	"anno" smallint NOT NULL,
	"mese" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"numero_ordini" integer NOT NULL,
	"importo_totale" numeric(16, 3) NOT NULL,
	CONSTRAINT "stat_ordini_mese_anno_mese_slot_pk" PRIMARY KEY("anno","mese","slot")
);
--> statement-breakpoint
CREATE TABLE "stat_prodotti_anno" (
	"anno" smallint NOT NULL,
	"codice_prodotto" text NOT NULL,
	"prodotto_nome" text NOT NULL,
	"quantita_totale" bigint NOT NULL,
	"importo_totale" numeric(16, 3) NOT NULL,
	CONSTRAINT "stat_prodotti_anno_anno_codice_prodotto_pk" PRIMARY KEY("anno","codice_prodotto")
);
--> statement-breakpoint
CREATE INDEX "stat_clienti_anno_classifica_idx" ON "stat_clienti_anno" USING btree ("anno","numero_ordini" DESC NULLS LAST,"importo_totale" DESC NULLS LAST,"cliente_id");--> statement-breakpoint
CREATE INDEX "stat_prodotti_anno_classifica_idx" ON "stat_prodotti_anno" USING btree ("anno","quantita_totale" DESC NULLS LAST,"importo_totale" DESC NULLS LAST,"codice_prodotto");--> statement-breakpoint
-- Hand-written from here. The monthly stripes are updated by every order: room on the page keeps those updates HOT.
ALTER TABLE "stat_ordini_mese" SET (fillfactor = 50);--> statement-breakpoint
-- First versions of the functions the triggers and the backfill need; server/statistiche/sql/ takes over.
-- Trigger function on ordini (migration 0017): only accepted orders (response_code '201') count in
-- the statistics, so an order whose status the ERP changes leaves them or comes back, and a deleted
-- accepted order leaves them (BEFORE DELETE: its lines still exist then).
CREATE OR REPLACE FUNCTION ordini_stat_stato() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM stat_conta_ordine(OLD.id, -1);
    RETURN OLD;
  END IF;
  PERFORM stat_conta_ordine(NEW.id, CASE WHEN NEW.response_code = '201' THEN 1 ELSE -1 END);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ordini_stat_stato_trg AFTER UPDATE OF response_code ON ordini FOR EACH ROW
  WHEN ((OLD.response_code = '201') <> (NEW.response_code = '201')) EXECUTE FUNCTION ordini_stat_stato();--> statement-breakpoint
CREATE TRIGGER ordini_stat_cancella_trg BEFORE DELETE ON ordini FOR EACH ROW
  WHEN (OLD.response_code = '201') EXECUTE FUNCTION ordini_stat_stato();--> statement-breakpoint
-- Rebuilds the statistics rollups from every accepted order, set-based: after a bulk load that
-- bypassed crea_ordine (demo and bench seeds) and as the backfill of migration 0017. TRUNCATE
-- waits for orders that already counted themselves and holds new ones until this commits, so no
-- order is counted twice or lost. Names and codes are those of the latest order.
CREATE OR REPLACE FUNCTION ricalcola_statistiche() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stat_ordini_mese, stat_prodotti_anno, stat_clienti_anno;

  INSERT INTO stat_ordini_mese (anno, mese, slot, numero_ordini, importo_totale)
  SELECT extract(year FROM t), extract(month FROM t), id % 16, count(*), sum(totale)
  FROM (SELECT id, totale, created_at AT TIME ZONE 'Europe/Rome' AS t FROM ordini WHERE response_code = '201') o
  GROUP BY 1, 2, 3;

  INSERT INTO stat_clienti_anno (anno, cliente_id, cliente_codice, cliente_nome, numero_ordini, importo_totale)
  SELECT a.anno, o.cliente_id, (array_agg(o.cliente_codice ORDER BY o.id DESC))[1],
    (array_agg(o.cliente_nome ORDER BY o.id DESC))[1], count(*), sum(o.totale)
  FROM ordini o
  CROSS JOIN LATERAL (VALUES (0::smallint), (extract(year FROM o.created_at AT TIME ZONE 'Europe/Rome')::smallint)) a(anno)
  WHERE o.response_code = '201'
  GROUP BY a.anno, o.cliente_id;

  -- Per year first (one pass over the lines), then all years from those rows.
  CREATE TEMP TABLE stat_prodotti_tmp ON COMMIT DROP AS
  SELECT extract(year FROM o.created_at AT TIME ZONE 'Europe/Rome')::smallint AS anno, r.codice_prodotto,
    (array_agg(r.prodotto_nome ORDER BY r.ordine_id DESC))[1] AS prodotto_nome,
    sum(r.qt) AS quantita_totale, sum(r.prezzo_reale * r.qt) AS importo_totale
  FROM ordini_righe r JOIN ordini o ON o.id = r.ordine_id
  WHERE o.response_code = '201'
  GROUP BY 1, 2;
  INSERT INTO stat_prodotti_anno (anno, codice_prodotto, prodotto_nome, quantita_totale, importo_totale)
  SELECT anno, codice_prodotto, prodotto_nome, quantita_totale, importo_totale FROM stat_prodotti_tmp
  UNION ALL
  SELECT 0, codice_prodotto, (array_agg(prodotto_nome ORDER BY anno DESC))[1], sum(quantita_totale), sum(importo_totale)
  FROM stat_prodotti_tmp GROUP BY codice_prodotto;
  DROP TABLE stat_prodotti_tmp;
END $$;
--> statement-breakpoint
-- Backfill: the orders placed before this migration.
SELECT ricalcola_statistiche();
