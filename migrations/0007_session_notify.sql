-- History: the functions below are now defined in server/auth/sql/notifica_sessioni.sql.
-- Customer sessions are remembered for a few seconds by each server process
-- (server/auth/sessioni-recenti.ts). Whatever can end or change a session notifies the channel
-- 'sessioni', and every listening process forgets what it remembered: a logout, a disabled login,
-- a revoked device, a user's clients, a client's price list or discount, a company's name.
-- Only real changes notify (login housekeeping and device details written at each login do not),
-- and Postgres folds the notices of one transaction into one. Deleted users, devices and clients
-- take their sessions and client links with them (ON DELETE CASCADE), which notify in turn.
CREATE OR REPLACE FUNCTION notifica_sessioni() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessioni', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessioni_notifica AFTER DELETE OR UPDATE ON sessioni
  FOR EACH ROW EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER utenti_notifica AFTER UPDATE ON utenti
  FOR EACH ROW WHEN ((OLD.codice, OLD.username, OLD.nome, OLD.cognome, OLD.nominativo, OLD.tipologia_account,
    OLD.status_login, OLD.fatturato_metrica) IS DISTINCT FROM (NEW.codice, NEW.username, NEW.nome, NEW.cognome,
    NEW.nominativo, NEW.tipologia_account, NEW.status_login, NEW.fatturato_metrica))
  EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER dispositivi_notifica AFTER UPDATE OF authorized ON dispositivi
  FOR EACH ROW WHEN (OLD.authorized IS DISTINCT FROM NEW.authorized)
  EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER utenti_clienti_notifica AFTER INSERT OR UPDATE OR DELETE ON utenti_clienti
  FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER clienti_notifica AFTER UPDATE ON clienti
  FOR EACH ROW WHEN ((OLD.azienda_codice, OLD.codice, OLD.ragione_sociale, OLD.lis_maga, OLD.sconto)
    IS DISTINCT FROM (NEW.azienda_codice, NEW.codice, NEW.ragione_sociale, NEW.lis_maga, NEW.sconto))
  EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER aziende_notifica AFTER UPDATE ON aziende
  FOR EACH ROW WHEN ((OLD.codice, OLD.ragione_sociale) IS DISTINCT FROM (NEW.codice, NEW.ragione_sociale))
  EXECUTE FUNCTION notifica_sessioni();
