-- Whether a customer reaches a product by search or by a code (docs/regole/catalogo.md#disabled-category,
-- docs/decisions/visibilita-prodotto.md): enabled, not deleted, and not under a category switched
-- off, itself or above. `nascoste` is categorie_nascoste(), which the caller reads once per
-- statement (a CTE, a variable, or `(SELECT categorie_nascoste())`, an init plan). The one rule of
-- search, the price list, the quick order and the own codes. A plain expression the planner inlines:
-- the statements keep their plans, and the partial indexes on status = 0 AND deleted_at IS NULL match.
CREATE OR REPLACE FUNCTION prodotto_visibile(stato smallint, cancellato timestamptz, categoria int, nascoste int[])
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT stato = 0 AND cancellato IS NULL AND (categoria IS NULL OR categoria <> ALL (nascoste))
$$;
