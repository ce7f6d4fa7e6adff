-- The ids of the categories customers do not see (the rule of categoria_visibile: one of the path's
-- categories is switched off), for search to leave out their products as the category pages do
-- (docs/regole/catalogo.md#disabled-category). Two scans of a table of hundreds of rows, once per
-- uncached search, rather than a look-up per category; empty when every category is enabled.
CREATE OR REPLACE FUNCTION categorie_nascoste() RETURNS int[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(c.id), '{}') FROM categorie c
  WHERE c.path_ids && (SELECT array_agg(a.id) FROM categorie a WHERE a.status <> 0)
$$;
