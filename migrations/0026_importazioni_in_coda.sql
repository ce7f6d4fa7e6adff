ALTER TABLE "importazioni" ADD COLUMN "token_id" integer;--> statement-breakpoint
ALTER TABLE "importazioni" ADD COLUMN "file_salvato" text;--> statement-breakpoint
ALTER TABLE "importazioni" ADD CONSTRAINT "importazioni_token_id_api_token_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_token"("id") ON DELETE set null ON UPDATE no action;