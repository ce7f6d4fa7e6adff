CREATE TABLE "importazioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"file" text NOT NULL,
	"origine" text NOT NULL,
	"admin_id" integer,
	"autore" text NOT NULL,
	"completo" boolean DEFAULT false NOT NULL,
	"prova" boolean DEFAULT false NOT NULL,
	"soglia" numeric(5, 2) NOT NULL,
	"stato" text DEFAULT 'in_corso' NOT NULL,
	"motivo" text,
	"righe_lette" integer DEFAULT 0 NOT NULL,
	"fase" text,
	"percentuale" integer,
	"nuove" integer DEFAULT 0 NOT NULL,
	"modificate" integer DEFAULT 0 NOT NULL,
	"invariate" integer DEFAULT 0 NOT NULL,
	"ritirate" integer DEFAULT 0 NOT NULL,
	"scartate" integer DEFAULT 0 NOT NULL,
	"colonne_ignorate" text[] DEFAULT '{}'::text[] NOT NULL,
	"iniziata_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finita_at" timestamp with time zone,
	"durata_ms" integer
);
--> statement-breakpoint
CREATE TABLE "importazioni_errori" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"importazione_id" integer NOT NULL,
	"riga" integer NOT NULL,
	"colonna" text,
	"valore" text,
	"messaggio" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_admin_id_admin_utenti_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importazioni_errori" ADD CONSTRAINT "importazioni_errori_importazione_id_importazioni_id_fk" FOREIGN KEY ("importazione_id") REFERENCES "public"."importazioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importazioni_iniziata_idx" ON "importazioni" USING btree ("iniziata_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "importazioni_errori_importazione_idx" ON "importazioni_errori" USING btree ("importazione_id","riga");