CREATE TABLE "documenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"numero" text NOT NULL,
	"data" date NOT NULL,
	"anno" smallint GENERATED ALWAYS AS (extract(year from data)::smallint) STORED NOT NULL,
	"azienda_codice" text NOT NULL,
	"cliente_id" integer NOT NULL,
	"imponibile" numeric(14, 2) NOT NULL,
	"iva" numeric(14, 2) NOT NULL,
	"totale" numeric(14, 2) NOT NULL,
	"ddt" text[] DEFAULT '{}'::text[] NOT NULL,
	"pdf" text NOT NULL,
	"xml" text,
	"token_id" integer,
	"importazione_id" integer,
	"ricevuto_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documenti_tipo_ck" CHECK ("documenti"."tipo" IN ('DDT', 'FATTURA', 'NOTA_CREDITO'))
);
--> statement-breakpoint
CREATE TABLE "documenti_ordini" (
	"documento_id" integer NOT NULL,
	"ordine_id" integer NOT NULL,
	CONSTRAINT "documenti_ordini_documento_id_ordine_id_pk" PRIMARY KEY("documento_id","ordine_id")
);
--> statement-breakpoint
ALTER TABLE "documenti" ADD CONSTRAINT "documenti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti" ADD CONSTRAINT "documenti_token_id_api_token_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_token"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti" ADD CONSTRAINT "documenti_importazione_id_importazioni_id_fk" FOREIGN KEY ("importazione_id") REFERENCES "public"."importazioni"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti_ordini" ADD CONSTRAINT "documenti_ordini_documento_id_documenti_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documenti_ordini" ADD CONSTRAINT "documenti_ordini_ordine_id_ordini_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documenti_numero_uq" ON "documenti" USING btree ("azienda_codice","tipo","anno","numero");--> statement-breakpoint
CREATE INDEX "documenti_cliente_data_idx" ON "documenti" USING btree ("cliente_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documenti_ddt_idx" ON "documenti" USING gin ("ddt");--> statement-breakpoint
CREATE INDEX "documenti_ordini_ordine_idx" ON "documenti_ordini" USING btree ("ordine_id");