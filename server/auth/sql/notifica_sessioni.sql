-- Trigger function: whatever can end or change a customer session notifies the channel
-- 'sessioni', and every server process forgets the sessions it remembered
-- (server/auth/sessioni-recenti.ts). The triggers that call it are in migrations 0007 and 0031.
CREATE OR REPLACE FUNCTION notifica_sessioni() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessioni', '');
  RETURN NULL;
END $$;
