-- The latest version's line count and total on the quote's row (preventivi.righe_n, .totale), when
-- the quote moves to another version: the lists read them with the row instead of a sub-query per
-- row (docs/decisions/preventivi-elenco-piani.md). An answer writes its version's lines before it
-- moves the quote to it (server/preventivi/preventivi.service.ts), so the lines are there to count.
-- Version 0 (the request) has no total: its lines have no quoted price.
CREATE OR REPLACE FUNCTION preventivi_sintesi() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*)::int, CASE WHEN NEW.versione > 0 THEN round(coalesce(sum(r.prezzo * r.quantita), 0), 2) END
    INTO NEW.righe_n, NEW.totale
  FROM preventivi_righe r WHERE r.preventivo_id = NEW.id AND r.versione = NEW.versione;
  RETURN NEW;
END $$;
