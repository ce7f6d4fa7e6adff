ALTER TABLE "ordini" DROP CONSTRAINT "ordini_utente_id_utenti_id_fk";
--> statement-breakpoint
ALTER TABLE "ordini" ALTER COLUMN "utente_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "utenti" ADD COLUMN "password_temporanea" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini" ADD CONSTRAINT "ordini_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "utenti_ricerca_trgm" ON "utenti" USING gin (lower("username" || ' ' || "nome" || ' ' || "cognome" || ' ' || "codice") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "utenti_cognome_nome_idx" ON "utenti" USING btree (lower("cognome"),lower("nome"),"id");
--> statement-breakpoint
-- Hand-written: the session user carries the temporary-password flag (server/auth/utente-sessione.ts),
-- so changing it must make every process forget its cached sessions, like the other columns.
DROP TRIGGER IF EXISTS utenti_notifica ON utenti;
--> statement-breakpoint
CREATE TRIGGER utenti_notifica AFTER UPDATE ON utenti
  FOR EACH ROW WHEN ((OLD.codice, OLD.username, OLD.nome, OLD.cognome, OLD.nominativo, OLD.tipologia_account,
    OLD.status_login, OLD.fatturato_metrica, OLD.password_temporanea) IS DISTINCT FROM (NEW.codice, NEW.username,
    NEW.nome, NEW.cognome, NEW.nominativo, NEW.tipologia_account, NEW.status_login, NEW.fatturato_metrica,
    NEW.password_temporanea))
  EXECUTE FUNCTION notifica_sessioni();
