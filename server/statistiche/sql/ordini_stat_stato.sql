-- Trigger function on ordini (migration 0017): only accepted orders (response_code '201') count in
-- the statistics, so an order whose status the ERP changes is queued out or back in (stat_coda),
-- and a deleted accepted order leaves them at once (BEFORE DELETE: its lines still exist then).
CREATE OR REPLACE FUNCTION ordini_stat_stato() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- What the queue holds for it first (its lines are still there), then out at once.
    PERFORM applica_statistiche();
    PERFORM stat_conta_ordine(OLD.id, -1);
    RETURN OLD;
  END IF;
  INSERT INTO stat_coda (ordine_id, segno) VALUES (NEW.id, CASE WHEN NEW.response_code = '201' THEN 1 ELSE -1 END);
  RETURN NEW;
END $$;
