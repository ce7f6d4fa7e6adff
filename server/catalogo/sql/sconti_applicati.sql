-- The discount chain that made a net price (prezzo_netto.sql), as the portal shows it: '' for a
-- special price, the chain for a chain, the client's discount as a one-step chain ('12,5'), '' for
-- none. Inlined by the planner.
CREATE OR REPLACE FUNCTION sconti_applicati(speciale numeric, catena text, sconto numeric) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN speciale IS NOT NULL THEN '' WHEN catena IS NOT NULL THEN catena
    WHEN coalesce(sconto, 0) = 0 THEN '' ELSE replace(trim_scale(sconto)::text, '.', ',') END $$;
