CREATE TABLE "api_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"prefisso" text NOT NULL,
	"hash" text NOT NULL,
	"creato_da" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revocato_at" timestamp with time zone,
	"ultimo_uso_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_creato_da_admin_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_token_hash_uq" ON "api_token" USING btree ("hash");