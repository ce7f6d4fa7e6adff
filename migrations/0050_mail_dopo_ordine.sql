ALTER TABLE "mail_uscita" ADD COLUMN "dopo_ordine_id" integer;--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD CONSTRAINT "mail_uscita_dopo_ordine_id_ordini_id_fk" FOREIGN KEY ("dopo_ordine_id") REFERENCES "public"."ordini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_uscita_dopo_ordine_idx" ON "mail_uscita" USING btree ("dopo_ordine_id");