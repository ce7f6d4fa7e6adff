-- Folds the queued orders (stat_coda) into the statistics rollups, set-based, and returns how many
-- orders changed them. One fold at a time (a transaction-level advisory lock), so every queued
-- order counts once. Called before every ordini/stats (exact answers) and every minute by the
-- server (server/statistiche/coda.ts), which keeps the queue short. Orders only append to the
-- queue: updating the rollups inside each order made concurrent orders of one client wait on the
-- client's row until commit.
CREATE OR REPLACE FUNCTION applica_statistiche() RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  n int;
  uscite boolean;
BEGIN
  -- Nothing queued (the common case of a read): no lock, so concurrent readers never wait.
  IF NOT EXISTS (SELECT 1 FROM stat_coda) THEN RETURN 0; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('applica_statistiche'));
  CREATE TEMP TABLE IF NOT EXISTS stat_piegati (
    id int, segno int, cliente_id int, cliente_codice text, cliente_nome text, totale numeric, anno smallint, mese smallint
  ) ON COMMIT DELETE ROWS;

  WITH presi AS (DELETE FROM stat_coda RETURNING ordine_id, segno),
  netti AS (SELECT ordine_id, sum(segno)::int AS segno FROM presi GROUP BY ordine_id HAVING sum(segno) <> 0)
  INSERT INTO stat_piegati
  SELECT o.id, n.segno, o.cliente_id, o.cliente_codice, o.cliente_nome, o.totale,
    extract(year FROM o.created_at AT TIME ZONE 'Europe/Rome'), extract(month FROM o.created_at AT TIME ZONE 'Europe/Rome')
  FROM netti n JOIN ordini o ON o.id = n.ordine_id;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n = 0 THEN RETURN 0; END IF;
  SELECT bool_or(segno < 0) INTO uscite FROM stat_piegati;

  INSERT INTO stat_prodotti_anno AS s (anno, codice_prodotto, prodotto_nome, quantita_totale, importo_totale)
  SELECT a.anno, r.codice_prodotto, (array_agg(r.prodotto_nome ORDER BY o.id DESC))[1],
    sum(o.segno * r.qt), sum(o.segno * r.prezzo_reale * r.qt)
  FROM stat_piegati o JOIN ordini_righe r ON r.ordine_id = o.id
  CROSS JOIN LATERAL (VALUES (0::smallint), (o.anno)) a(anno)
  GROUP BY a.anno, r.codice_prodotto
  ORDER BY a.anno, r.codice_prodotto
  ON CONFLICT (anno, codice_prodotto) DO UPDATE SET
    quantita_totale = s.quantita_totale + EXCLUDED.quantita_totale,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale,
    prodotto_nome = CASE WHEN EXCLUDED.quantita_totale > 0 THEN EXCLUDED.prodotto_nome ELSE s.prodotto_nome END;

  INSERT INTO stat_clienti_anno AS s (anno, cliente_id, cliente_codice, cliente_nome, numero_ordini, importo_totale)
  SELECT a.anno, o.cliente_id, (array_agg(o.cliente_codice ORDER BY o.id DESC))[1],
    (array_agg(o.cliente_nome ORDER BY o.id DESC))[1], sum(o.segno), sum(o.segno * o.totale)
  FROM stat_piegati o CROSS JOIN LATERAL (VALUES (0::smallint), (o.anno)) a(anno)
  GROUP BY a.anno, o.cliente_id
  ORDER BY a.anno, o.cliente_id
  ON CONFLICT (anno, cliente_id) DO UPDATE SET
    numero_ordini = s.numero_ordini + EXCLUDED.numero_ordini,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale,
    cliente_codice = CASE WHEN EXCLUDED.numero_ordini > 0 THEN EXCLUDED.cliente_codice ELSE s.cliente_codice END,
    cliente_nome = CASE WHEN EXCLUDED.numero_ordini > 0 THEN EXCLUDED.cliente_nome ELSE s.cliente_nome END;

  INSERT INTO stat_clienti_mese AS s (cliente_id, anno, mese, numero_ordini, importo_totale)
  SELECT cliente_id, anno, mese, sum(segno), sum(segno * totale) FROM stat_piegati
  GROUP BY cliente_id, anno, mese ORDER BY cliente_id, anno, mese
  ON CONFLICT (cliente_id, anno, mese) DO UPDATE SET
    numero_ordini = s.numero_ordini + EXCLUDED.numero_ordini,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale;

  INSERT INTO stat_ordini_mese AS s (anno, mese, numero_ordini, importo_totale)
  SELECT anno, mese, sum(segno), sum(segno * totale) FROM stat_piegati GROUP BY anno, mese ORDER BY anno, mese
  ON CONFLICT (anno, mese) DO UPDATE SET
    numero_ordini = s.numero_ordini + EXCLUDED.numero_ordini,
    importo_totale = s.importo_totale + EXCLUDED.importo_totale;

  IF uscite THEN
    -- Rows left with nothing go, as a full recomputation would not have them.
    DELETE FROM stat_prodotti_anno s USING (SELECT DISTINCT r.codice_prodotto, p.anno FROM stat_piegati p
      JOIN ordini_righe r ON r.ordine_id = p.id) x
      WHERE s.codice_prodotto = x.codice_prodotto AND s.anno IN (0, x.anno) AND s.quantita_totale = 0;
    DELETE FROM stat_clienti_anno s USING (SELECT DISTINCT cliente_id, anno FROM stat_piegati) x
      WHERE s.cliente_id = x.cliente_id AND s.anno IN (0, x.anno) AND s.numero_ordini = 0;
    DELETE FROM stat_clienti_mese s USING (SELECT DISTINCT cliente_id, anno, mese FROM stat_piegati) x
      WHERE s.cliente_id = x.cliente_id AND s.anno = x.anno AND s.mese = x.mese AND s.numero_ordini = 0;
    DELETE FROM stat_ordini_mese s USING (SELECT DISTINCT anno, mese FROM stat_piegati) x
      WHERE s.anno = x.anno AND s.mese = x.mese AND s.numero_ordini = 0;
  END IF;
  RETURN n;
END $$;
