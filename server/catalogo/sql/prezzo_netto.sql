-- Net price of a product for a client: the special price, else the list price less the
-- client's discount; a missing list price counts as 0. Inlined by the planner.
CREATE OR REPLACE FUNCTION prezzo_netto(listino numeric, speciale numeric, sconto numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(speciale, round(coalesce(listino, 0) * (1 - coalesce(sconto, 0) / 100), 3)) $$;
