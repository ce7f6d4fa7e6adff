-- Trigger function: new rows of mail_uscita wake the senders (server/posta/posta-in-uscita.ts)
-- through the channel 'mail_uscita'. The trigger is in migration 0010.
CREATE OR REPLACE FUNCTION notifica_mail_uscita() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_uscita', '');
  RETURN NULL;
END $$;
