-- Hand-written. Every process forgets at once what changes through another, whoever writes it
-- (docs/decisions/cache-tra-processi.md).
-- Every write of impostazioni, not only the app's, makes every server process forget the switches
-- it remembered: an operator who puts the portal in maintenance with an UPDATE is obeyed by every
-- process at once. The function is server/impostazioni/sql/notifica_impostazioni.sql, which takes
-- over from this first version after the migrations.
CREATE OR REPLACE FUNCTION notifica_impostazioni() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('impostazioni', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER impostazioni_notifica AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON impostazioni
  FOR EACH STATEMENT EXECUTE FUNCTION notifica_impostazioni();
--> statement-breakpoint
-- A TRUNCATE fires no row trigger: an operator who logs everybody out with TRUNCATE sessioni (or
-- empties another table a remembered session is read from) must reach every process as a DELETE does
-- (the triggers of migration 0007).
CREATE TRIGGER sessioni_svuotata AFTER TRUNCATE ON sessioni FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER utenti_svuotata AFTER TRUNCATE ON utenti FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER dispositivi_svuotata AFTER TRUNCATE ON dispositivi FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER utenti_clienti_svuotata AFTER TRUNCATE ON utenti_clienti FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER clienti_svuotata AFTER TRUNCATE ON clienti FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
--> statement-breakpoint
CREATE TRIGGER aziende_svuotata AFTER TRUNCATE ON aziende FOR EACH STATEMENT EXECUTE FUNCTION notifica_sessioni();
