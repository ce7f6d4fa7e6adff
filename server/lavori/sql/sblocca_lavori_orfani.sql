-- The jobs (and their named queues) held by workers of dead processes, handed back to the queue
-- (docs/decisions/lavori-processi-morti.md): graphile-worker 0.16 has no heartbeat and only frees
-- a lock after 4 hours. A lock is orphaned when it is older than p_scadenza and its worker has not
-- been seen (lavori_worker) within p_scadenza: a dead process's worker goes silent; a brand-new
-- worker that took a job before its first heartbeat was written holds a lock younger than that.
-- The job keeps the attempt it used (a job that kills its process runs out of attempts). Stale
-- heartbeat rows go too. Returns the workers whose locks were freed.
CREATE OR REPLACE FUNCTION sblocca_lavori_orfani(p_scadenza interval)
RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  orfani text[];
BEGIN
  SELECT array_agg(DISTINCT l.locked_by) INTO orfani
  FROM (
    SELECT locked_by FROM graphile_worker._private_jobs WHERE locked_at < now() - p_scadenza
    UNION ALL
    SELECT locked_by FROM graphile_worker._private_job_queues WHERE locked_at < now() - p_scadenza
  ) l
  WHERE NOT EXISTS (SELECT 1 FROM lavori_worker w WHERE w.worker_id = l.locked_by AND w.visto_at >= now() - p_scadenza);
  IF orfani IS NOT NULL THEN
    PERFORM graphile_worker.force_unlock_workers(orfani);
  END IF;
  DELETE FROM lavori_worker WHERE visto_at < now() - p_scadenza;
  RETURN coalesce(orfani, '{}');
END $$;
