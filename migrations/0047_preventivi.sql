CREATE TABLE "preventivi" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"azienda_codice" text NOT NULL,
	"anno" integer NOT NULL,
	"progressivo" integer NOT NULL,
	"numero" text NOT NULL,
	"utente_id" integer,
	"utente_nome" text DEFAULT '' NOT NULL,
	"stato" text DEFAULT 'inviata' NOT NULL,
	"versione" integer DEFAULT 0 NOT NULL,
	"scade_at" timestamp with time zone,
	"presa_admin_id" integer,
	"presa_nome" text,
	"presa_at" timestamp with time zone,
	"ordine_id" integer,
	"accettata_utente_id" integer,
	"accettata_chiave" text,
	"motivo_rifiuto" text,
	"avviso_staff_at" timestamp with time zone,
	"avviso_cliente_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preventivi_stato_ck" CHECK ("preventivi"."stato" IN ('inviata', 'presa_in_carico', 'info_richiesta', 'offerta', 'revisione', 'accettata', 'ordinata', 'rifiutata', 'scaduta', 'annullata'))
);
--> statement-breakpoint
CREATE TABLE "preventivi_allegati" (
	"id" serial PRIMARY KEY NOT NULL,
	"preventivo_id" integer NOT NULL,
	"nome" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"contenuto" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preventivi_messaggi" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"preventivo_id" integer NOT NULL,
	"autore" text NOT NULL,
	"autore_nome" text NOT NULL,
	"tipo" text NOT NULL,
	"versione" integer NOT NULL,
	"testo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preventivi_numeratori" (
	"azienda_codice" text NOT NULL,
	"anno" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "preventivi_numeratori_azienda_codice_anno_pk" PRIMARY KEY("azienda_codice","anno")
);
--> statement-breakpoint
CREATE TABLE "preventivi_righe" (
	"id" serial PRIMARY KEY NOT NULL,
	"preventivo_id" integer NOT NULL,
	"versione" integer NOT NULL,
	"posizione" integer NOT NULL,
	"codice_prodotto" text,
	"descrizione" text NOT NULL,
	"quantita" integer NOT NULL,
	"prezzo_obiettivo" numeric(14, 3),
	"nota_cliente" text DEFAULT '' NOT NULL,
	"prezzo_netto" numeric(14, 3),
	"prezzo" numeric(14, 3),
	"sconti" text,
	"codice_originale" text,
	"giorni_consegna" integer,
	"nota" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preventivi_versioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"preventivo_id" integer NOT NULL,
	"versione" integer NOT NULL,
	"scade_at" timestamp with time zone NOT NULL,
	"admin_id" integer,
	"admin_nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preventivi" ADD CONSTRAINT "preventivi_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi" ADD CONSTRAINT "preventivi_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi" ADD CONSTRAINT "preventivi_presa_admin_id_admin_utenti_id_fk" FOREIGN KEY ("presa_admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi" ADD CONSTRAINT "preventivi_ordine_id_ordini_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordini"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi" ADD CONSTRAINT "preventivi_accettata_utente_id_utenti_id_fk" FOREIGN KEY ("accettata_utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_allegati" ADD CONSTRAINT "preventivi_allegati_preventivo_id_preventivi_id_fk" FOREIGN KEY ("preventivo_id") REFERENCES "public"."preventivi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_messaggi" ADD CONSTRAINT "preventivi_messaggi_preventivo_id_preventivi_id_fk" FOREIGN KEY ("preventivo_id") REFERENCES "public"."preventivi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_righe" ADD CONSTRAINT "preventivi_righe_preventivo_id_preventivi_id_fk" FOREIGN KEY ("preventivo_id") REFERENCES "public"."preventivi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_versioni" ADD CONSTRAINT "preventivi_versioni_preventivo_id_preventivi_id_fk" FOREIGN KEY ("preventivo_id") REFERENCES "public"."preventivi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventivi_versioni" ADD CONSTRAINT "preventivi_versioni_admin_id_admin_utenti_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preventivi_numero_uq" ON "preventivi" USING btree ("azienda_codice","anno","progressivo");--> statement-breakpoint
CREATE INDEX "preventivi_cliente_idx" ON "preventivi" USING btree ("cliente_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "preventivi_cliente_numero_idx" ON "preventivi" USING btree ("cliente_id","numero");--> statement-breakpoint
CREATE INDEX "preventivi_stato_idx" ON "preventivi" USING btree ("stato","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "preventivi_ordine_idx" ON "preventivi" USING btree ("ordine_id");--> statement-breakpoint
CREATE INDEX "preventivi_allegati_idx" ON "preventivi_allegati" USING btree ("preventivo_id");--> statement-breakpoint
CREATE INDEX "preventivi_messaggi_idx" ON "preventivi_messaggi" USING btree ("preventivo_id","id");--> statement-breakpoint
CREATE INDEX "preventivi_righe_versione_idx" ON "preventivi_righe" USING btree ("preventivo_id","versione","posizione");--> statement-breakpoint
CREATE UNIQUE INDEX "preventivi_versioni_uq" ON "preventivi_versioni" USING btree ("preventivo_id","versione");--> statement-breakpoint
-- a mano (hand-written)
-- The daily expiry job reads the offers still open by their validity (server/preventivi/scadenze.ts).
CREATE INDEX "preventivi_offerte_scadenza_idx" ON "preventivi" USING btree ("scade_at") WHERE stato = 'offerta';--> statement-breakpoint
-- The staff member's queue: what they have in charge, by state.
CREATE INDEX "preventivi_presa_idx" ON "preventivi" USING btree ("presa_admin_id", "stato") WHERE presa_admin_id IS NOT NULL;
