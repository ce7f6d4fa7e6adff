CREATE TABLE "preventivi_cliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"utente_id" integer,
	"utente_nome" text NOT NULL,
	"anno" integer NOT NULL,
	"numero" integer NOT NULL,
	"chiave" text,
	"stato" text DEFAULT 'bozza' NOT NULL,
	"versione" integer DEFAULT 1 NOT NULL,
	"cliente_finale_nome" text DEFAULT '' NOT NULL,
	"cliente_finale_indirizzo" text DEFAULT '' NOT NULL,
	"ricarico_generale" numeric(7, 2) DEFAULT '0' NOT NULL,
	"ricarichi_categoria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sconto_percentuale" numeric(5, 2) DEFAULT '0' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"condizioni" text DEFAULT '' NOT NULL,
	"totale" numeric(14, 2) DEFAULT '0' NOT NULL,
	"copiato_da" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preventivi_cliente_stato_ck" CHECK ("preventivi_cliente"."stato" IN ('bozza', 'inviato', 'accettato', 'perso'))
);
--> statement-breakpoint
CREATE TABLE "preventivi_cliente_intestazioni" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"ragione_sociale" text DEFAULT '' NOT NULL,
	"indirizzo" text DEFAULT '' NOT NULL,
	"partita_iva" text DEFAULT '' NOT NULL,
	"logo" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preventivi_cliente_righe" (
	"preventivo_id" integer NOT NULL,
	"posizione" integer NOT NULL,
	"tipo" text NOT NULL,
	"prodotto_id" integer,
	"codice_prodotto" text,
	"descrizione" text NOT NULL,
	"categoria" text DEFAULT '' NOT NULL,
	"quantita" numeric(12, 2) NOT NULL,
	"costo" numeric(12, 3) NOT NULL,
	"ricarico" numeric(7, 2),
	"aliquota" integer NOT NULL,
	"beni_significativi" boolean DEFAULT false NOT NULL,
	CONSTRAINT "preventivi_cliente_righe_preventivo_id_posizione_pk" PRIMARY KEY("preventivo_id","posizione"),
	CONSTRAINT "preventivi_cliente_righe_tipo_ck" CHECK ("preventivi_cliente_righe"."tipo" IN ('catalogo', 'manodopera', 'libera')),
	CONSTRAINT "preventivi_cliente_righe_aliquota_ck" CHECK ("preventivi_cliente_righe"."aliquota" IN (22, 10, 4)),
	CONSTRAINT "preventivi_cliente_righe_beni_ck" CHECK (NOT "preventivi_cliente_righe"."beni_significativi" OR "preventivi_cliente_righe"."aliquota" = 10)
);
--> statement-breakpoint
ALTER TABLE "preventivi_cliente" ADD CONSTRAINT "preventivi_cliente_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_cliente" ADD CONSTRAINT "preventivi_cliente_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_cliente_intestazioni" ADD CONSTRAINT "preventivi_cliente_intestazioni_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_cliente_righe" ADD CONSTRAINT "preventivi_cliente_righe_preventivo_id_preventivi_cliente_id_fk" FOREIGN KEY ("preventivo_id") REFERENCES "public"."preventivi_cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_cliente_righe" ADD CONSTRAINT "preventivi_cliente_righe_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preventivi_cliente_elenco_idx" ON "preventivi_cliente" USING btree ("cliente_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "preventivi_cliente_numero_uq" ON "preventivi_cliente" USING btree ("cliente_id","anno","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "preventivi_cliente_chiave_uq" ON "preventivi_cliente" USING btree ("cliente_id","chiave");--> statement-breakpoint
CREATE INDEX "preventivi_cliente_righe_prodotto_idx" ON "preventivi_cliente_righe" USING btree ("prodotto_id") WHERE "preventivi_cliente_righe"."prodotto_id" IS NOT NULL;