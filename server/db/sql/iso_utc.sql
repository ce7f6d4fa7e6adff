-- A timestamp as the API writes it: ISO 8601 in UTC with milliseconds ('2026-11-23T15:47:02.123Z',
-- what JSON.stringify makes of a Date). One definition for every query that answers timestamps
-- as text; Postgres inlines it.
CREATE OR REPLACE FUNCTION iso_utc(t timestamptz) RETURNS text LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
