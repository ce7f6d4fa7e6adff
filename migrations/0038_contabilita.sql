CREATE TABLE "scadenze" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"documento" text NOT NULL,
	"data_scadenza" date NOT NULL,
	"importo" numeric(14, 2) NOT NULL,
	"modalita" text NOT NULL,
	"stato" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scadenze_stato_check" CHECK (stato IN ('aperta', 'pagata', 'insoluta'))
);
--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "fido" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "contabilita_aggiornata_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "blocca_oltre_fido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scadenze" ADD CONSTRAINT "scadenze_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scadenze_cliente_documento_data_uq" ON "scadenze" USING btree ("cliente_id","documento","data_scadenza");