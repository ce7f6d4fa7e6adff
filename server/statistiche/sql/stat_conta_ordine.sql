-- Takes one deleted order out of the statistics rollups at once (p_segno -1; 1 adds one): the
-- trigger ordini_stat_stato calls it before the delete, while the order's lines still exist (new
-- orders and status changes go through the queue, applica_statistiche). Years and months are
-- Europe/Rome's. Rows go in a fixed order (products by code, then the client, its month, then the month).
CREATE OR REPLACE FUNCTION stat_conta_ordine(p_ordine_id int, p_segno int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_anno smallint;
BEGIN
  SELECT id, cliente_id, cliente_codice, cliente_nome, totale, created_at AT TIME ZONE 'Europe/Rome' AS ora
  INTO o FROM ordini WHERE id = p_ordine_id;
  IF NOT FOUND THEN RETURN; END IF;
  v_anno := extract(year FROM o.ora);

  -- anno 0 holds all years.
  INSERT INTO stat_prodotti_anno AS s (anno, codice_prodotto, prodotto_nome, quantita_totale, importo_totale)
  SELECT a.anno, r.codice_prodotto, max(r.prodotto_nome), p_segno * sum(r.qt), p_segno * sum(r.prezzo_reale * r.qt)
  FROM ordini_righe r CROSS JOIN (VALUES (0::smallint), (v_anno)) a(anno)
  WHERE r.ordine_id = p_ordine_id
  GROUP BY a.anno, r.codice_prodotto
  ORDER BY a.anno, r.codice_prodotto
  ON CONFLICT (anno, codice_prodotto) DO UPDATE SET
    quantita_totale = s.quantita_totale + EXCLUDED.quantita_totale,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale,
    prodotto_nome = CASE WHEN p_segno > 0 THEN EXCLUDED.prodotto_nome ELSE s.prodotto_nome END;

  INSERT INTO stat_clienti_anno AS s (anno, cliente_id, cliente_codice, cliente_nome, numero_ordini, importo_totale)
  SELECT a.anno, o.cliente_id, o.cliente_codice, o.cliente_nome, p_segno, p_segno * o.totale
  FROM (VALUES (0::smallint), (v_anno)) a(anno)
  ORDER BY a.anno
  ON CONFLICT (anno, cliente_id) DO UPDATE SET
    numero_ordini = s.numero_ordini + EXCLUDED.numero_ordini,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale,
    cliente_codice = CASE WHEN p_segno > 0 THEN EXCLUDED.cliente_codice ELSE s.cliente_codice END,
    cliente_nome = CASE WHEN p_segno > 0 THEN EXCLUDED.cliente_nome ELSE s.cliente_nome END;

  INSERT INTO stat_clienti_mese AS s (cliente_id, anno, mese, numero_ordini, importo_totale)
  VALUES (o.cliente_id, v_anno, extract(month FROM o.ora), p_segno, p_segno * o.totale)
  ON CONFLICT (cliente_id, anno, mese) DO UPDATE SET
    numero_ordini = s.numero_ordini + EXCLUDED.numero_ordini,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale;

  INSERT INTO stat_ordini_mese AS s (anno, mese, numero_ordini, importo_totale)
  VALUES (v_anno, extract(month FROM o.ora), p_segno, p_segno * o.totale)
  ON CONFLICT (anno, mese) DO UPDATE SET
    numero_ordini = s.numero_ordini + EXCLUDED.numero_ordini,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale;

  IF p_segno < 0 THEN
    -- Rows left with nothing go, as a full recomputation would not have them.
    DELETE FROM stat_prodotti_anno WHERE anno IN (0, v_anno) AND quantita_totale = 0
      AND codice_prodotto IN (SELECT codice_prodotto FROM ordini_righe WHERE ordine_id = p_ordine_id);
    DELETE FROM stat_clienti_anno WHERE anno IN (0, v_anno) AND cliente_id = o.cliente_id AND numero_ordini = 0;
    DELETE FROM stat_clienti_mese WHERE cliente_id = o.cliente_id AND anno = v_anno AND mese = extract(month FROM o.ora) AND numero_ordini = 0;
    DELETE FROM stat_ordini_mese WHERE anno = v_anno AND mese = extract(month FROM o.ora) AND numero_ordini = 0;
  END IF;
END $$;
