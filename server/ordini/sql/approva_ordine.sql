-- approvazioni/approva (docs/regole/organizzazione.md#limits-and-approvals): an order held for
-- approval becomes a confirmed order, in one call. The order's row is locked first, so that two
-- approvers at once (or an approval and a rejection, or the expiry) decide it once: the second
-- finds it decided. Then, as crea_ordine: the stock rows locked in product id order, whole packs and
-- what can be promised checked, the stock taken (prendi_giacenze), the confirmation mail's row, the
-- ERP's erp_stato; the statistics follow the response_code's change (trigger ordini_stat_stato).
-- Prices stay those of the moment it was placed.
-- p: {ordine_id, cliente_id (the approver's client), approvatore_id, approvatore_nome, esporta,
-- righe: null (every line as placed) or [{codice_prodotto, qt}]: the lines kept, each with a
-- quantity not above the placed one; a line left out is removed}.
-- esito: 'ok' (totale = the new total) | 'altro_cliente' (no such order for this client) |
-- 'proprio' (the approver placed it) | 'deciso' (dettagli = its state: approvato, rifiutato,
-- scaduto) | 'nuovi' (dettagli = codes not in the order) | 'aumentate' (dettagli = [{codice_prodotto, qt}]:
-- the placed quantity) | 'ritirati' (dettagli = codes no longer sold) | 'confezioni' (dettagli =
-- [{codice_prodotto, multiplo, minimo}]) | 'insufficienti' (dettagli = [{codice_prodotto, disponibilita}]).
CREATE OR REPLACE FUNCTION approva_ordine(p jsonb, OUT esito text, OUT totale numeric, OUT dettagli jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  o ordini;
  v_id int := (p->>'ordine_id')::int;
  nuove jsonb := CASE WHEN jsonb_typeof(p->'righe') = 'array' THEN p->'righe' END;
  righe jsonb;
  tenute int[];
  aumentate jsonb;
  corte jsonb;
  sfuse jsonb;
BEGIN
  SELECT * INTO o FROM ordini WHERE id = v_id FOR NO KEY UPDATE;
  IF NOT FOUND OR o.cliente_id <> (p->>'cliente_id')::int THEN esito := 'altro_cliente'; RETURN; END IF;
  IF o.utente_id = (p->>'approvatore_id')::int THEN esito := 'proprio'; RETURN; END IF;
  IF o.approvazione IS DISTINCT FROM 'in_attesa' OR o.approvazione_scade_at <= now() THEN
    esito := 'deciso';
    dettagli := to_jsonb(CASE WHEN o.approvazione = 'in_attesa' THEN 'scaduto' ELSE o.approvazione END);
    RETURN;
  END IF;

  IF nuove IS NOT NULL THEN
    dettagli := to_jsonb(ARRAY(SELECT x->>'codice_prodotto' FROM jsonb_array_elements(nuove) x
      WHERE NOT EXISTS (SELECT 1 FROM ordini_righe l WHERE l.ordine_id = v_id AND l.codice_prodotto = x->>'codice_prodotto')));
    IF jsonb_array_length(dettagli) > 0 THEN esito := 'nuovi'; RETURN; END IF;
  END IF;
  -- A line whose product is gone or no longer sold cannot be confirmed.
  dettagli := to_jsonb(ARRAY(SELECT l.codice_prodotto FROM ordini_righe l LEFT JOIN prodotti pr ON pr.id = l.prodotto_id
    WHERE l.ordine_id = v_id AND (pr.id IS NULL OR pr.status <> 0 OR pr.deleted_at IS NOT NULL)
      AND (nuove IS NULL OR EXISTS (SELECT 1 FROM jsonb_array_elements(nuove) x WHERE x->>'codice_prodotto' = l.codice_prodotto))));
  IF jsonb_array_length(dettagli) > 0 THEN esito := 'ritirati'; RETURN; END IF;
  dettagli := NULL;

  -- The lines judged in one statement, as crea_ordine's (no jsonb appended line by line); the stock
  -- rows locked in product id order. A line the approver left out has no qt and is removed.
  WITH giudicate AS MATERIALIZED (
    SELECT l.id AS riga_id, l.prodotto_id, l.codice_prodotto, l.qt AS qt_ordine, l.prezzo_reale,
      CASE WHEN nuove IS NULL THEN l.qt ELSE (SELECT (x->>'qt')::int FROM jsonb_array_elements(nuove) x
        WHERE x->>'codice_prodotto' = l.codice_prodotto LIMIT 1) END AS qt,
      g.disponibilita, greatest(g.disponibilita + g.ord_forn, 0) AS promettibile, pr.multiplo, pr.minimo
    FROM ordini_righe l
    JOIN prodotti pr ON pr.id = l.prodotto_id
    JOIN giacenze g ON g.prodotto_id = l.prodotto_id
    WHERE l.ordine_id = v_id
    ORDER BY l.prodotto_id
    FOR UPDATE OF g
  )
  SELECT coalesce(array_agg(x.riga_id ORDER BY x.prodotto_id) FILTER (WHERE x.qt IS NOT NULL), '{}'),
    coalesce(jsonb_agg(jsonb_build_object('codice_prodotto', x.codice_prodotto, 'qt', x.qt_ordine) ORDER BY x.prodotto_id)
      FILTER (WHERE x.qt > x.qt_ordine), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('codice_prodotto', x.codice_prodotto, 'multiplo', x.multiplo, 'minimo', x.minimo) ORDER BY x.prodotto_id)
      FILTER (WHERE x.qt < x.minimo OR x.qt % x.multiplo <> 0), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('codice_prodotto', x.codice_prodotto, 'disponibilita', x.promettibile) ORDER BY x.prodotto_id)
      FILTER (WHERE x.qt > x.promettibile), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('riga_id', x.riga_id, 'prodotto_id', x.prodotto_id, 'qt', x.qt,
      'qt_in_arrivo', x.qt - least(x.qt, greatest(x.disponibilita, 0))) ORDER BY x.prodotto_id) FILTER (WHERE x.qt IS NOT NULL), '[]'),
    coalesce(sum(x.prezzo_reale * x.qt), 0)
  INTO tenute, aumentate, sfuse, corte, righe, totale
  FROM giudicate x;
  IF jsonb_array_length(aumentate) > 0 THEN esito := 'aumentate'; dettagli := aumentate; RETURN; END IF;
  IF cardinality(tenute) = 0 THEN esito := 'nuovi'; dettagli := '[]'; RETURN; END IF;
  IF jsonb_array_length(sfuse) > 0 THEN esito := 'confezioni'; dettagli := sfuse; RETURN; END IF;
  IF jsonb_array_length(corte) > 0 THEN esito := 'insufficienti'; dettagli := corte; RETURN; END IF;

  DELETE FROM ordini_righe l WHERE l.ordine_id = v_id AND l.id <> ALL (tenute);
  UPDATE ordini_righe l SET qt = (x->>'qt')::int, qt_in_arrivo = (x->>'qt_in_arrivo')::int
  FROM jsonb_array_elements(righe) x WHERE l.id = (x->>'riga_id')::int;
  PERFORM prendi_giacenze(righe);
  UPDATE ordini SET totale = approva_ordine.totale, response_code = '201', response_status = 'Confermato',
    approvazione = 'approvato', approvatore_id = (p->>'approvatore_id')::int, approvatore_nome = p->>'approvatore_nome',
    approvazione_decisa_at = now(),
    erp_stato = CASE WHEN (p->>'esporta')::boolean THEN 'in_attesa' ELSE 'non_configurato' END
  WHERE id = v_id;
  -- Its jobs (the mail, the ERP's) are queued after the commit by accoda_lavori_ordini, as an order's.
  PERFORM accoda_mail(p_ordine_id => v_id, p_lavoro => false);
  esito := 'ok';
END $$;
