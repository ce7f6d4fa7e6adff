CREATE TABLE "codici_cliente" (
	"cliente_id" integer NOT NULL,
	"prodotto_id" integer NOT NULL,
	"codice" text NOT NULL,
	"codice_n" text GENERATED ALWAYS AS (upper(regexp_replace(codice, '[^A-Za-z0-9]', '', 'g'))) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codici_cliente_cliente_id_prodotto_id_pk" PRIMARY KEY("cliente_id","prodotto_id"),
	CONSTRAINT "codici_cliente_codice_n_check" CHECK (codice_n <> '')
);
--> statement-breakpoint
ALTER TABLE "codici_cliente" ADD CONSTRAINT "codici_cliente_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codici_cliente" ADD CONSTRAINT "codici_cliente_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codici_cliente_codice_uq" ON "codici_cliente" USING btree ("cliente_id","codice_n");--> statement-breakpoint
CREATE INDEX "codici_cliente_prodotto_idx" ON "codici_cliente" USING btree ("prodotto_id","cliente_id");