-- The jobs of orders: the confirmation mail of each (its unsent mail_uscita row), the mails written
-- in its transaction about it (dopo_ordine_id: a held order's notice to its approvers) and
-- the hand-over to the ERP of those waiting for it (erp_stato 'in_attesa'). Called on its own,
-- right after the order's transaction has committed (server/ordini/ordini.service.ts), and by
-- riaccoda_lavori_ordini for what that call never queued.
--
-- Why not in crea_ordine's transaction: graphile_worker.add_job wakes the workers with
-- pg_notify, and a transaction that notifies holds one database-wide lock from just before its
-- commit until its commit record is flushed to disk, so every order waited for the disk flush of
-- the one before it (measured on the bench machine: 16 concurrent 10-row transactions, ~2,300/s
-- without a notify, ~600/s with two; the orders' p95 followed). This transaction does not wait
-- for its flush (synchronous_commit off, for it alone): the lock is held for microseconds. What a
-- crash could lose here is only the jobs, which riaccoda_lavori_ordini queues again: the order,
-- its mail row and its erp_stato were flushed with the order.
-- A job that exists already is left as it is ('unsafe_dedupe': a mail retried after a pause keeps
-- its pause); one that ran is queued again, and finds its mail sent or its order handed over.
CREATE OR REPLACE FUNCTION accoda_lavori_ordini(p_ordini int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM graphile_worker.add_job('invia_mail', json_build_object('id', m.id), max_attempts => 10,
    job_key => 'mail:' || m.id, job_key_mode => 'unsafe_dedupe')
  FROM mail_uscita m WHERE (m.ordine_id = ANY (p_ordini) OR m.dopo_ordine_id = ANY (p_ordini)) AND m.inviata_at IS NULL
  ORDER BY m.id;
  PERFORM graphile_worker.add_job('esporta_ordine', json_build_object('id', o.id), max_attempts => 25,
    job_key => 'erp:' || o.id, job_key_mode => 'unsafe_dedupe')
  FROM ordini o WHERE o.id = ANY (p_ordini) AND o.erp_stato = 'in_attesa'
  ORDER BY o.id;
END $$;
