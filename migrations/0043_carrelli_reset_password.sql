-- Issue 35: the cart kept on the server per user and client (carrelli, carrelli_righe;
-- docs/decisions/carrello-sul-server.md; crea_ordine empties it), and 'Password dimenticata?'
-- (reset_password, its mail a row of mail_uscita naming it; docs/decisions/password-dimenticata.md).
CREATE TABLE "reset_password" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrelli" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"aggiornato_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrelli_righe" (
	"carrello_id" integer NOT NULL,
	"prodotto_id" integer NOT NULL,
	"quantita" integer NOT NULL,
	"posizione" integer NOT NULL,
	CONSTRAINT "carrelli_righe_carrello_id_prodotto_id_pk" PRIMARY KEY("carrello_id","prodotto_id"),
	CONSTRAINT "carrelli_righe_quantita_ck" CHECK ("carrelli_righe"."quantita" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD COLUMN "reset_password_id" integer;--> statement-breakpoint
ALTER TABLE "reset_password" ADD CONSTRAINT "reset_password_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrelli" ADD CONSTRAINT "carrelli_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrelli" ADD CONSTRAINT "carrelli_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrelli_righe" ADD CONSTRAINT "carrelli_righe_carrello_id_carrelli_id_fk" FOREIGN KEY ("carrello_id") REFERENCES "public"."carrelli"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrelli_righe" ADD CONSTRAINT "carrelli_righe_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reset_password_token_uq" ON "reset_password" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reset_password_utente_idx" ON "reset_password" USING btree ("utente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrelli_utente_cliente_uq" ON "carrelli" USING btree ("utente_id","cliente_id");--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD CONSTRAINT "mail_uscita_reset_password_id_reset_password_id_fk" FOREIGN KEY ("reset_password_id") REFERENCES "public"."reset_password"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_uscita_reset_password_idx" ON "mail_uscita" USING btree ("reset_password_id");