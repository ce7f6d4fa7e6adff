-- The lines of a DDT as the ERP sent them (push or import, issue 39), by position: `p_righe` is a
-- JSON array of {codice_prodotto, descrizione, quantita, unita?, lotto?}, already checked. Sent
-- without lines (NULL or []), a DDT offers the lines of the orders it names, with their ordered
-- quantities (da_ordine). A DDT sent again rewrites its lines by position; a line beyond the new
-- ones stays only while a return names it (resi_righe refers to it), so that no return loses its line.
CREATE OR REPLACE FUNCTION scrivi_righe_ddt(p_documento int, p_righe jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n int;
BEGIN
  IF p_righe IS NOT NULL AND jsonb_array_length(p_righe) > 0 THEN
    INSERT INTO documenti_righe (documento_id, riga, codice_prodotto, descrizione, quantita, unita, lotto, da_ordine)
    SELECT p_documento, r.ord::int, r.v->>'codice_prodotto', r.v->>'descrizione', (r.v->>'quantita')::int,
      nullif(r.v->>'unita', ''), nullif(r.v->>'lotto', ''), false
    FROM jsonb_array_elements(p_righe) WITH ORDINALITY AS r(v, ord)
    ON CONFLICT (documento_id, riga) DO UPDATE SET codice_prodotto = excluded.codice_prodotto, descrizione = excluded.descrizione,
      quantita = excluded.quantita, unita = excluded.unita, lotto = excluded.lotto, da_ordine = false;
    n := jsonb_array_length(p_righe);
  ELSE
    INSERT INTO documenti_righe (documento_id, riga, codice_prodotto, descrizione, quantita, unita, lotto, da_ordine)
    SELECT p_documento, row_number() OVER (ORDER BY r.ordine_id, r.id), r.codice_prodotto, r.prodotto_nome, r.qt, NULL, NULL, true
    FROM documenti_ordini o JOIN ordini_righe r ON r.ordine_id = o.ordine_id
    WHERE o.documento_id = p_documento
    ON CONFLICT (documento_id, riga) DO UPDATE SET codice_prodotto = excluded.codice_prodotto, descrizione = excluded.descrizione,
      quantita = excluded.quantita, unita = NULL, lotto = NULL, da_ordine = true;
    GET DIAGNOSTICS n = ROW_COUNT;
  END IF;
  DELETE FROM documenti_righe d WHERE d.documento_id = p_documento AND d.riga > n
    AND NOT EXISTS (SELECT 1 FROM resi_righe x WHERE x.documento_riga_id = d.id);
END $$;
