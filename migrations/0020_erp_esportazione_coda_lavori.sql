DROP INDEX "mail_uscita_da_inviare_idx";--> statement-breakpoint
-- Orders placed before the ERP exchange are 'precedente' (not sent by themselves); new ones wait.
ALTER TABLE "ordini" ADD COLUMN "erp_stato" text DEFAULT 'precedente' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini" ALTER COLUMN "erp_stato" SET DEFAULT 'in_attesa';--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "erp_tentativi" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "erp_errore" text;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "erp_inviato_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ordini_erp_da_inviare_idx" ON "ordini" USING btree ("created_at" DESC NULLS LAST) WHERE erp_stato NOT IN ('inviato', 'precedente', 'non_configurato');--> statement-breakpoint
CREATE INDEX "mail_uscita_da_inviare_idx" ON "mail_uscita" USING btree ("id") WHERE inviata_at IS NULL;--> statement-breakpoint
ALTER TABLE "mail_uscita" DROP COLUMN "prossimo_tentativo";--> statement-breakpoint
-- Mail is sent by graphile-worker's jobs now (server/lavori/): add_job wakes the workers itself.
DROP TRIGGER IF EXISTS mail_uscita_notifica ON mail_uscita;--> statement-breakpoint
DROP FUNCTION IF EXISTS notifica_mail_uscita();--> statement-breakpoint
-- Mail still waiting when the hand-written outbox was replaced gets its job (the job schema is
-- installed before the numbered migrations: server/db/migrate.ts).
SELECT graphile_worker.add_job('invia_mail', json_build_object('id', id), max_attempts => 10, job_key => 'mail:' || id)
FROM mail_uscita WHERE inviata_at IS NULL AND tentativi < 10;
