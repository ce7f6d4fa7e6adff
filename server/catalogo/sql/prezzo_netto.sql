-- Net price of a product for a client (docs/regole/catalogo.md#net-price): the special price, else
-- the list price times the discount chain's factor (the product's chain, else its family's:
-- sconti_clienti, the caller passes coalesce(product, family)), else the list price less the
-- client's discount; a missing list price counts as 0. Inlined by the planner.
DROP FUNCTION IF EXISTS prezzo_netto(numeric, numeric, numeric);
CREATE OR REPLACE FUNCTION prezzo_netto(listino numeric, speciale numeric, fattore numeric, sconto numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(speciale, round(coalesce(listino, 0) * coalesce(fattore, 1 - coalesce(sconto, 0) / 100), 3)) $$;
