ALTER TABLE "sessioni" ADD COLUMN "ultimo_uso_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written: writing a session's last use (at most once a minute per session) must not make
-- every process forget its remembered sessions, as any other change of a session does.
DROP TRIGGER IF EXISTS sessioni_notifica ON sessioni;
--> statement-breakpoint
CREATE TRIGGER sessioni_notifica AFTER DELETE OR UPDATE OF token_hash, tipo, utente_id, admin_id, dispositivo_id, expires_at
  ON sessioni FOR EACH ROW EXECUTE FUNCTION notifica_sessioni();
