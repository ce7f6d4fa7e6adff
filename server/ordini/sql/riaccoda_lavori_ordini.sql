-- Queues the jobs that accoda_lavori_ordini never queued for an order: its process stopped
-- between the order's commit and that call, the database went away in between, or a crash lost
-- that call's unflushed commit. Run every minute by the workers (server/app.ts). An order older
-- than 30 s whose mail was never tried and has no job, or that still waits for the ERP and has no
-- job: mail_uscita_da_inviare_idx holds the unsent mail, ordini_erp_da_inviare_idx the orders not
-- yet handed over, both a handful. Answers how many orders it queued for.
CREATE OR REPLACE FUNCTION riaccoda_lavori_ordini() RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
BEGIN
  ids := ARRAY(
    SELECT coalesce(m.ordine_id, m.dopo_ordine_id) FROM mail_uscita m
    WHERE m.inviata_at IS NULL AND coalesce(m.ordine_id, m.dopo_ordine_id) IS NOT NULL AND m.tentativi = 0
      AND m.created_at < now() - interval '30 seconds'
      AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'mail:' || m.id)
    UNION
    SELECT o.id FROM ordini o
    WHERE o.erp_stato = 'in_attesa' AND o.created_at < now() - interval '30 seconds'
      AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'erp:' || o.id));
  IF cardinality(ids) > 0 THEN
    PERFORM accoda_lavori_ordini(ids);
  END IF;
  RETURN cardinality(ids);
END $$;
