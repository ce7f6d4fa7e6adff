-- Trigger function on ordini (migration 0017): only accepted orders (response_code '201') count in
-- the statistics, so an order whose status the ERP changes leaves them or comes back, and a deleted
-- accepted order leaves them (BEFORE DELETE: its lines still exist then).
CREATE OR REPLACE FUNCTION ordini_stat_stato() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM stat_conta_ordine(OLD.id, -1);
    RETURN OLD;
  END IF;
  PERFORM stat_conta_ordine(NEW.id, CASE WHEN NEW.response_code = '201' THEN 1 ELSE -1 END);
  RETURN NEW;
END $$;
