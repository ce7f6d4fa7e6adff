CREATE TABLE "documenti_righe" (
	"id" serial PRIMARY KEY NOT NULL,
	"documento_id" integer NOT NULL,
	"riga" integer NOT NULL,
	"codice_prodotto" text NOT NULL,
	"descrizione" text NOT NULL,
	"quantita" integer NOT NULL,
	"unita" text,
	"lotto" text,
	"da_ordine" boolean DEFAULT false NOT NULL,
	CONSTRAINT "documenti_righe_quantita_ck" CHECK ("documenti_righe"."quantita" >= 0)
);
--> statement-breakpoint
CREATE TABLE "resi" (
	"id" serial PRIMARY KEY NOT NULL,
	"azienda_codice" text NOT NULL,
	"anno" smallint NOT NULL,
	"numero" text NOT NULL,
	"cliente_id" integer NOT NULL,
	"documento_id" integer NOT NULL,
	"utente_id" integer,
	"stato" text DEFAULT 'richiesto' NOT NULL,
	"descrizione" text DEFAULT '' NOT NULL,
	"giorni_ddt" integer NOT NULL,
	"ddt_reso_richiesto" boolean NOT NULL,
	"motivo_rifiuto" text,
	"nota_credito_id" integer,
	"erp_stato" text,
	"erp_tentativi" integer DEFAULT 0 NOT NULL,
	"erp_errore" text,
	"erp_inviato_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stato_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resi_stato_ck" CHECK ("resi"."stato" IN ('richiesto', 'autorizzato', 'parzialmente_autorizzato', 'rifiutato', 'spedito', 'ricevuto', 'verificato', 'chiuso', 'annullato'))
);
--> statement-breakpoint
CREATE TABLE "resi_foto" (
	"id" serial PRIMARY KEY NOT NULL,
	"reso_id" integer NOT NULL,
	"chiave" text NOT NULL,
	"nome" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resi_numeratori" (
	"azienda_codice" text NOT NULL,
	"anno" smallint NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "resi_numeratori_azienda_codice_anno_pk" PRIMARY KEY("azienda_codice","anno")
);
--> statement-breakpoint
CREATE TABLE "resi_righe" (
	"id" serial PRIMARY KEY NOT NULL,
	"reso_id" integer NOT NULL,
	"documento_riga_id" integer NOT NULL,
	"quantita" integer NOT NULL,
	"motivo" text NOT NULL,
	"nota" text,
	"lotto" text,
	"percentuale_prevista" numeric(5, 2) NOT NULL,
	"esito" text,
	"percentuale_autorizzata" numeric(5, 2),
	"quantita_accettata" integer,
	"percentuale_accredito" numeric(5, 2),
	CONSTRAINT "resi_righe_quantita_ck" CHECK ("resi_righe"."quantita" > 0),
	CONSTRAINT "resi_righe_motivo_ck" CHECK ("resi_righe"."motivo" IN ('difettoso', 'errato', 'danneggiato', 'non_conforme', 'eccedenza')),
	CONSTRAINT "resi_righe_esito_ck" CHECK ("resi_righe"."esito" IS NULL OR "resi_righe"."esito" IN ('autorizzata', 'rifiutata')),
	CONSTRAINT "resi_righe_accettata_ck" CHECK ("resi_righe"."quantita_accettata" IS NULL OR "resi_righe"."quantita_accettata" BETWEEN 0 AND "resi_righe"."quantita")
);
--> statement-breakpoint
ALTER TABLE "documenti_righe" ADD CONSTRAINT "documenti_righe_documento_id_documenti_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi" ADD CONSTRAINT "resi_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi" ADD CONSTRAINT "resi_documento_id_documenti_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documenti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi" ADD CONSTRAINT "resi_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi" ADD CONSTRAINT "resi_nota_credito_id_documenti_id_fk" FOREIGN KEY ("nota_credito_id") REFERENCES "public"."documenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi_foto" ADD CONSTRAINT "resi_foto_reso_id_resi_id_fk" FOREIGN KEY ("reso_id") REFERENCES "public"."resi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi_righe" ADD CONSTRAINT "resi_righe_reso_id_resi_id_fk" FOREIGN KEY ("reso_id") REFERENCES "public"."resi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi_righe" ADD CONSTRAINT "resi_righe_documento_riga_id_documenti_righe_id_fk" FOREIGN KEY ("documento_riga_id") REFERENCES "public"."documenti_righe"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documenti_righe_documento_riga_uq" ON "documenti_righe" USING btree ("documento_id","riga");--> statement-breakpoint
CREATE UNIQUE INDEX "resi_numero_uq" ON "resi" USING btree ("azienda_codice","numero");--> statement-breakpoint
CREATE INDEX "resi_cliente_idx" ON "resi" USING btree ("cliente_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resi_stato_idx" ON "resi" USING btree ("stato","created_at");--> statement-breakpoint
CREATE INDEX "resi_documento_idx" ON "resi" USING btree ("documento_id");--> statement-breakpoint
CREATE INDEX "resi_nota_credito_idx" ON "resi" USING btree ("nota_credito_id");--> statement-breakpoint
CREATE INDEX "resi_foto_reso_idx" ON "resi_foto" USING btree ("reso_id");--> statement-breakpoint
CREATE INDEX "resi_righe_reso_idx" ON "resi_righe" USING btree ("reso_id");--> statement-breakpoint
CREATE INDEX "resi_righe_documento_riga_idx" ON "resi_righe" USING btree ("documento_riga_id");