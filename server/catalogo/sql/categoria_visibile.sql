-- Whether customers see a category: it and every category above it (`percorso`: a category's
-- path_ids, the ancestors and itself) are enabled, status 0. Switching a category off hides its
-- whole branch: menus, sidebar and category pages (prodotti_categorie, catalogo.service.ts).
-- categorie is small (hundreds of rows): a few primary-key look-ups.
CREATE OR REPLACE FUNCTION categoria_visibile(percorso int[]) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM categorie a WHERE a.id = ANY(percorso) AND a.status <> 0)
$$;
