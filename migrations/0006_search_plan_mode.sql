-- History: the functions below are now defined in server/catalogo/sql/ (search_build, search_prodotti_uncached: the setting is in their definitions).
-- The app's connections prefer generic plans (server/db/client.ts): its prepared statements are
-- equality and range look-ups that would otherwise be re-planned on every call. The search
-- functions match prefixes with LIKE on parameters, which only a plan made for the actual value
-- can turn into an index range: they keep the default choice. (search_prodotti itself, the
-- cached entry point, only does equality look-ups.)
ALTER FUNCTION search_build(text) SET plan_cache_mode = auto;
--> statement-breakpoint
ALTER FUNCTION search_prodotti_uncached(text, int, int) SET plan_cache_mode = auto;
