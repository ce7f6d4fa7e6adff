-- A product's own code as searchable codes: the code itself ('codice') and, for a code like
-- 'BE-6160792', its digit tail ('codice_cifre' = '6160792'). For the triggers that keep them
-- (prodotti_nuovi on insert, prodotti_codice_sync when a code changes).
CREATE OR REPLACE FUNCTION codici_propri(p_codice text) RETURNS TABLE (tipo text, codice text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'codice', p_codice
  UNION ALL
  SELECT 'codice_cifre', substring(p_codice FROM '([0-9]{4,})$')
  WHERE p_codice ~ '^[A-Za-z0-9]{1,4}[-/. ][0-9]{4,}$'
$$;
