-- Rebuilds the statistics rollups from every accepted order, set-based: after a bulk load that
-- bypassed crea_ordine (demo and bench seeds) and as the backfill of migration 0017. TRUNCATE
-- waits for orders that already queued themselves and holds new ones until this commits, so no
-- order is counted twice or lost. Names and codes are those of the latest order.
CREATE OR REPLACE FUNCTION ricalcola_statistiche() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- The queue too: every order it holds is counted below from ordini itself.
  TRUNCATE stat_ordini_mese, stat_prodotti_anno, stat_clienti_anno, stat_clienti_mese, stat_coda;

  INSERT INTO stat_clienti_mese (cliente_id, anno, mese, numero_ordini, importo_totale)
  SELECT cliente_id, extract(year FROM t), extract(month FROM t), count(*), sum(totale)
  FROM (SELECT cliente_id, totale, created_at AT TIME ZONE 'Europe/Rome' AS t FROM ordini WHERE response_code = '201') o
  GROUP BY 1, 2, 3;

  INSERT INTO stat_ordini_mese (anno, mese, numero_ordini, importo_totale)
  SELECT extract(year FROM t), extract(month FROM t), count(*), sum(totale)
  FROM (SELECT totale, created_at AT TIME ZONE 'Europe/Rome' AS t FROM ordini WHERE response_code = '201') o
  GROUP BY 1, 2;

  INSERT INTO stat_clienti_anno (anno, cliente_id, cliente_codice, cliente_nome, numero_ordini, importo_totale)
  SELECT a.anno, o.cliente_id, (array_agg(o.cliente_codice ORDER BY o.id DESC))[1],
    (array_agg(o.cliente_nome ORDER BY o.id DESC))[1], count(*), sum(o.totale)
  FROM ordini o
  CROSS JOIN LATERAL (VALUES (0::smallint), (extract(year FROM o.created_at AT TIME ZONE 'Europe/Rome')::smallint)) a(anno)
  WHERE o.response_code = '201'
  GROUP BY a.anno, o.cliente_id;

  -- Per year first (one pass over the lines), then all years from those rows.
  CREATE TEMP TABLE stat_prodotti_tmp ON COMMIT DROP AS
  SELECT extract(year FROM o.created_at AT TIME ZONE 'Europe/Rome')::smallint AS anno, r.codice_prodotto,
    (array_agg(r.prodotto_nome ORDER BY r.ordine_id DESC))[1] AS prodotto_nome,
    sum(r.qt) AS quantita_totale, sum(r.prezzo_reale * r.qt) AS importo_totale
  FROM ordini_righe r JOIN ordini o ON o.id = r.ordine_id
  WHERE o.response_code = '201'
  GROUP BY 1, 2;
  INSERT INTO stat_prodotti_anno (anno, codice_prodotto, prodotto_nome, quantita_totale, importo_totale)
  SELECT anno, codice_prodotto, prodotto_nome, quantita_totale, importo_totale FROM stat_prodotti_tmp
  UNION ALL
  SELECT 0, codice_prodotto, (array_agg(prodotto_nome ORDER BY anno DESC))[1], sum(quantita_totale), sum(importo_totale)
  FROM stat_prodotti_tmp GROUP BY codice_prodotto;
  DROP TABLE stat_prodotti_tmp;
END $$;
