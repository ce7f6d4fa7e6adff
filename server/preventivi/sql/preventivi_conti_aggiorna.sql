-- How many quotes each client has (preventivi_conti): the list's total without a filter reads one
-- row (docs/decisions/preventivi-elenco-piani.md). Once per statement, from its new or deleted
-- rows. A new quote has already waited on its company's numerator row (preventivi_numeratori), so
-- the client's row adds no wait of its own.
CREATE OR REPLACE FUNCTION preventivi_conti_aggiorna() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO preventivi_conti (cliente_id, n)
    SELECT q.cliente_id, count(*)::int FROM nuovi q GROUP BY q.cliente_id ORDER BY q.cliente_id
    ON CONFLICT (cliente_id) DO UPDATE SET n = preventivi_conti.n + excluded.n;
  ELSE
    -- A client deleted takes its row with it (ON DELETE CASCADE): nothing left to lower then.
    UPDATE preventivi_conti c SET n = c.n - x.n
    FROM (SELECT q.cliente_id, count(*)::int AS n FROM tolti q GROUP BY q.cliente_id) x
    WHERE c.cliente_id = x.cliente_id;
  END IF;
  RETURN NULL;
END $$;
