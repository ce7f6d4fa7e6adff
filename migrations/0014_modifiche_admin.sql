CREATE TABLE "modifiche_admin" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"azione" text NOT NULL,
	"entita" text NOT NULL,
	"entita_id" text,
	"utente_id" integer,
	"cliente_id" integer,
	"dettagli" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "modifiche_admin" ADD CONSTRAINT "modifiche_admin_admin_id_admin_utenti_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modifiche_admin_utente_idx" ON "modifiche_admin" USING btree ("utente_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "modifiche_admin_cliente_idx" ON "modifiche_admin" USING btree ("cliente_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "modifiche_admin_created_idx" ON "modifiche_admin" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);