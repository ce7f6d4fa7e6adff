-- Takes the stock of an order's lines as they are confirmed (crea_ordine, approva_ordine): each
-- line ships from stock what qt - qt_in_arrivo says and lowers the supplier's incoming quantity by
-- what is backordered (docs/regole/catalogo.md#promisable-stock), and is queued for the products'
-- popularity. The caller has locked the giacenze rows (in product id order) and judged the lines.
-- p_righe: [{prodotto_id, qt, qt_in_arrivo}].
CREATE OR REPLACE FUNCTION prendi_giacenze(p_righe jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Stock is a narrow row of its own (giacenze): with room on the page (fillfactor) the update stays HOT.
  UPDATE giacenze g SET disponibilita = g.disponibilita - ((x->>'qt')::int - (x->>'qt_in_arrivo')::int),
    ord_forn = g.ord_forn - (x->>'qt_in_arrivo')::int
  FROM jsonb_array_elements(p_righe) x WHERE g.prodotto_id = (x->>'prodotto_id')::int;
  INSERT INTO popolarita_coda (prodotto_id) SELECT (x->>'prodotto_id')::int FROM jsonb_array_elements(p_righe) x;
END $$;
