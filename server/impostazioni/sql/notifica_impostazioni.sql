-- Trigger function: any write of the switches (the admin screens, an operator's UPDATE, the seed)
-- notifies the channel 'impostazioni' at its commit, and every server process forgets the switches
-- it remembered (server/impostazioni/impostazioni.service.ts). The trigger is in migration 0031.
CREATE OR REPLACE FUNCTION notifica_impostazioni() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('impostazioni', '');
  RETURN NULL;
END $$;
