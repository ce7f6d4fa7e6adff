CREATE TABLE "stat_coda" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ordine_id" integer NOT NULL,
	"segno" smallint NOT NULL
);
--> statement-breakpoint
-- Hand-written from here: the monthly stripes go (orders no longer update the rollups, the serialized
-- fold of stat_coda does), one row per month, the stripes summed.
CREATE TEMP TABLE stat_mesi_sommati AS
  SELECT anno, mese, sum(numero_ordini)::int AS numero_ordini, sum(importo_totale) AS importo_totale
  FROM stat_ordini_mese GROUP BY anno, mese;--> statement-breakpoint
TRUNCATE stat_ordini_mese;--> statement-breakpoint
ALTER TABLE "stat_ordini_mese" DROP CONSTRAINT "stat_ordini_mese_anno_mese_slot_pk";--> statement-breakpoint
ALTER TABLE "stat_ordini_mese" DROP COLUMN "slot";--> statement-breakpoint
ALTER TABLE "stat_ordini_mese" ADD CONSTRAINT "stat_ordini_mese_anno_mese_pk" PRIMARY KEY("anno","mese");--> statement-breakpoint
INSERT INTO stat_ordini_mese (anno, mese, numero_ordini, importo_totale)
  SELECT anno, mese, numero_ordini, importo_totale FROM stat_mesi_sommati;--> statement-breakpoint
DROP TABLE stat_mesi_sommati;
