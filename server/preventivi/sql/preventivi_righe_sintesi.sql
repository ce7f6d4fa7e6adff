-- The same figures as preventivi_sintesi, when lines are written for the version a quote is at
-- already (a request's version 0, a quote written whole by the seed or the bench): once per
-- statement, from its new lines only. Lines are never changed nor deleted once written.
CREATE OR REPLACE FUNCTION preventivi_righe_sintesi() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE preventivi q SET righe_n = x.n, totale = CASE WHEN q.versione > 0 THEN x.totale END
  FROM (SELECT DISTINCT r.preventivo_id, r.versione FROM nuove r) v
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, round(coalesce(sum(r.prezzo * r.quantita), 0), 2) AS totale
    FROM preventivi_righe r WHERE r.preventivo_id = v.preventivo_id AND r.versione = v.versione) x
  WHERE q.id = v.preventivo_id AND q.versione = v.versione;
  RETURN NULL;
END $$;
