CREATE TABLE "sconti_clienti" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"famiglia_sconto" text,
	"prodotto_id" integer,
	"sconti" text NOT NULL,
	"fattore" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sconti_clienti_uno_ck" CHECK ((famiglia_sconto IS NULL) <> (prodotto_id IS NULL)),
	CONSTRAINT "sconti_clienti_fattore_ck" CHECK (fattore >= 0 AND fattore <= 1)
);
--> statement-breakpoint
ALTER TABLE "prodotti" ADD COLUMN "famiglia_sconto" text;--> statement-breakpoint
ALTER TABLE "prodotti" ADD COLUMN "multiplo" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "prodotti" ADD COLUMN "minimo" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini_righe" ADD COLUMN "sconti" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sconti_clienti" ADD CONSTRAINT "sconti_clienti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sconti_clienti" ADD CONSTRAINT "sconti_clienti_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sconti_clienti_prodotto_uq" ON "sconti_clienti" USING btree ("cliente_id","prodotto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sconti_clienti_famiglia_uq" ON "sconti_clienti" USING btree ("cliente_id","famiglia_sconto");--> statement-breakpoint
CREATE INDEX "sconti_clienti_prodotto_idx" ON "sconti_clienti" USING btree ("prodotto_id");--> statement-breakpoint
ALTER TABLE "prodotti" ADD CONSTRAINT "prodotti_confezione_ck" CHECK (multiplo >= 1 AND minimo >= 1);