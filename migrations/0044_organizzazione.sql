-- Issue 36: the customer's own organisation (docs/regole/organizzazione.md). Each link of a user
-- to a client gets a role (every existing link becomes its client's Titolare, as the issue asks),
-- limits, the two switches and a state; invitations (inviti, their mail a row of mail_uscita naming
-- it); the organisation's history; an order held for approval (ordini.approvazione*); the last login.
CREATE TABLE "eventi_organizzazione" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"autore_utente_id" integer,
	"autore_admin_id" integer,
	"autore_nome" text NOT NULL,
	"soggetto_utente_id" integer,
	"soggetto_nome" text DEFAULT '' NOT NULL,
	"azione" text NOT NULL,
	"dettagli" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inviti" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"token_hash" text,
	"invitato_da" integer,
	"scade_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "utenti" ADD COLUMN "ultimo_accesso_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "ruolo" text DEFAULT 'titolare' NOT NULL;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "limite_ordine" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "budget_mensile" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "vede_prezzi" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "vede_documenti" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "stato" text DEFAULT 'attivo' NOT NULL;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvazione" text;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvazione_superamento" jsonb;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvazione_scade_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvatore_id" integer;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvatore_nome" text;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvazione_decisa_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "approvazione_motivo" text;--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD COLUMN "invito_id" integer;--> statement-breakpoint
ALTER TABLE "eventi_organizzazione" ADD CONSTRAINT "eventi_organizzazione_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventi_organizzazione" ADD CONSTRAINT "eventi_organizzazione_autore_utente_id_utenti_id_fk" FOREIGN KEY ("autore_utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventi_organizzazione" ADD CONSTRAINT "eventi_organizzazione_autore_admin_id_admin_utenti_id_fk" FOREIGN KEY ("autore_admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventi_organizzazione" ADD CONSTRAINT "eventi_organizzazione_soggetto_utente_id_utenti_id_fk" FOREIGN KEY ("soggetto_utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inviti" ADD CONSTRAINT "inviti_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inviti" ADD CONSTRAINT "inviti_invitato_da_utenti_id_fk" FOREIGN KEY ("invitato_da") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eventi_organizzazione_cliente_idx" ON "eventi_organizzazione" USING btree ("cliente_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "eventi_organizzazione_soggetto_idx" ON "eventi_organizzazione" USING btree ("cliente_id","soggetto_utente_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inviti_utente_uq" ON "inviti" USING btree ("utente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inviti_token_uq" ON "inviti" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "ordini" ADD CONSTRAINT "ordini_approvatore_id_utenti_id_fk" FOREIGN KEY ("approvatore_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD CONSTRAINT "mail_uscita_invito_id_inviti_id_fk" FOREIGN KEY ("invito_id") REFERENCES "public"."inviti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordini_in_approvazione_idx" ON "ordini" USING btree ("cliente_id","created_at" DESC NULLS LAST) WHERE approvazione = 'in_attesa';--> statement-breakpoint
CREATE INDEX "mail_uscita_invito_idx" ON "mail_uscita" USING btree ("invito_id");--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD CONSTRAINT "utenti_clienti_ruolo_ck" CHECK ("utenti_clienti"."ruolo" IN ('titolare', 'acquisti', 'operatore', 'consultazione'));--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD CONSTRAINT "utenti_clienti_stato_ck" CHECK ("utenti_clienti"."stato" IN ('attivo', 'invitato', 'sospeso'));--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD CONSTRAINT "utenti_clienti_limiti_ck" CHECK ("utenti_clienti"."limite_ordine" >= 0 AND "utenti_clienti"."budget_mensile" >= 0);--> statement-breakpoint
ALTER TABLE "ordini" ADD CONSTRAINT "ordini_approvazione_ck" CHECK ("ordini"."approvazione" IN ('in_attesa', 'approvato', 'rifiutato', 'scaduto'));