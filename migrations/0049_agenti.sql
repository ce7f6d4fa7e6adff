CREATE TABLE "agenti_clienti" (
	"agente_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"origine" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenti_clienti_agente_id_cliente_id_pk" PRIMARY KEY("agente_id","cliente_id")
);
--> statement-breakpoint
ALTER TABLE "sessioni" ADD COLUMN "agente_cliente_id" integer;--> statement-breakpoint
ALTER TABLE "utenti" ADD COLUMN "agente_codice" text;--> statement-breakpoint
ALTER TABLE "ordini" ADD COLUMN "inserito_da_agente" text;--> statement-breakpoint
ALTER TABLE "agenti_clienti" ADD CONSTRAINT "agenti_clienti_agente_id_utenti_id_fk" FOREIGN KEY ("agente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenti_clienti" ADD CONSTRAINT "agenti_clienti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenti_clienti_cliente_idx" ON "agenti_clienti" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "utenti_agente_codice_uq" ON "utenti" USING btree ("agente_codice");--> statement-breakpoint
-- a mano (hand-written)
-- Sales agents (docs/regole/agenti.md). An agent's session acting for a client: the client gone, the
-- session is back on the portfolio; the key's index serves that delete.
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_agente_cliente_id_clienti_id_fk" FOREIGN KEY ("agente_cliente_id") REFERENCES "public"."clienti"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "sessioni_agente_cliente_idx" ON "sessioni" ("agente_cliente_id") WHERE "agente_cliente_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "agenti_clienti" ADD CONSTRAINT "agenti_clienti_origine_ck" CHECK ("origine" IN ('import', 'admin'));
--> statement-breakpoint
-- An agent and only an agent has an agent code.
ALTER TABLE "utenti" ADD CONSTRAINT "utenti_agente_codice_ck" CHECK (("tipologia_account" = 'agente') = ("agente_codice" IS NOT NULL));
--> statement-breakpoint
-- The portfolio's sales (agente/clienti): a client's confirmed orders by date with their amount,
-- read from the index alone (this year and the same period of last year, the last order's date).
CREATE INDEX "ordini_cliente_fatturato_idx" ON "ordini" ("cliente_id", "created_at") INCLUDE ("totale") WHERE "response_code" = '201';
--> statement-breakpoint
-- Entering or leaving a client changes the session user (its clients): every process forgets its
-- remembered sessions, as for the other columns of a session (migration 0028).
DROP TRIGGER IF EXISTS sessioni_notifica ON sessioni;
--> statement-breakpoint
CREATE TRIGGER sessioni_notifica AFTER DELETE OR UPDATE OF token_hash, tipo, utente_id, admin_id, dispositivo_id, expires_at, agente_cliente_id
  ON sessioni FOR EACH ROW EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
-- A client taken out of a portfolio ends at once the agent's acting for it (the session user reads it).
CREATE TRIGGER agenti_clienti_notifica AFTER INSERT OR UPDATE OR DELETE ON agenti_clienti
  FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
DROP TRIGGER IF EXISTS utenti_notifica ON utenti;
--> statement-breakpoint
CREATE TRIGGER utenti_notifica AFTER UPDATE ON utenti
  FOR EACH ROW WHEN ((OLD.codice, OLD.username, OLD.nome, OLD.cognome, OLD.nominativo, OLD.tipologia_account,
    OLD.status_login, OLD.fatturato_metrica, OLD.password_temporanea, OLD.agente_codice) IS DISTINCT FROM (NEW.codice, NEW.username,
    NEW.nome, NEW.cognome, NEW.nominativo, NEW.tipologia_account, NEW.status_login, NEW.fatturato_metrica,
    NEW.password_temporanea, NEW.agente_codice))
  EXECUTE FUNCTION notifica_sessioni();
