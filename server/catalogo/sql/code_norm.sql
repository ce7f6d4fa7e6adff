-- Codes compared upper-case, letters and digits only: 'be-616 0792' -> 'BE6160792'.
CREATE OR REPLACE FUNCTION code_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT upper(regexp_replace($1, '[^A-Za-z0-9]', '', 'g')) $$;
