-- ordini/create in one call, so that an order costs one round trip
-- (docs/regole/ordini.md#order-creation). Rows are locked in id order (concurrent orders wait
-- instead of overselling, and never deadlock), prices are read here for the client, and the order,
-- its line snapshot, the stock, the popularity and statistics queues, the confirmation mail
-- (mail_uscita and its job) and the ERP export job move together.
-- What can be promised is stock plus the quantity on order from the supplier
-- (docs/regole/catalogo.md#promisable-stock): a line ships from stock first (disponibilita, never
-- taken below 0 by an order) and the rest is backordered from ord_forn, which is lowered by as
-- much, so ord_forn means "on order and not yet promised" and a second order cannot be promised
-- the same incoming pieces. A negative stock (pieces already owed) eats into ord_forn:
-- disponibilita + ord_forn is always what is left.
-- esito: 'ok' | 'duplicato' (same idempotency key: the order already made) | 'sconosciuti'
-- (dettagli = unknown codes) | 'insufficienti' (dettagli = [{codice_prodotto, disponibilita}],
-- disponibilita = what could be promised).
-- p_esporta: an ERP is configured (server/erp/): the order waits for its export ('in_attesa',
-- its job queued by accoda_lavori_ordini); without one it is 'non_configurato' at once.
DROP FUNCTION IF EXISTS crea_ordine(int, int, int, numeric, text[], int[], text, text, text, text, text, text, text, text, text);
CREATE OR REPLACE FUNCTION crea_ordine(
  p_utente_id int, p_cliente_id int, p_listino int, p_sconto numeric,
  p_codici text[], p_qt int[], p_key text,
  p_azienda_codice text, p_cliente_codice text, p_utente_codice text,
  p_cliente_nome text, p_azienda_nome text, p_utente_nome text, p_nome text, p_note text,
  p_esporta boolean DEFAULT true,
  OUT esito text, OUT ordine_id int, OUT totale numeric, OUT dettagli jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  righe jsonb := '[]';
  corte jsonb := '[]';
  trovati text[] := '{}';
  in_consegna int;
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT o.id INTO ordine_id FROM ordini o WHERE o.utente_id = p_utente_id AND o.idempotency_key = p_key;
    IF FOUND THEN esito := 'duplicato'; RETURN; END IF;
  END IF;

  totale := 0;
  FOR r IN
    SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo, g.disponibilita,
      greatest(g.disponibilita + g.ord_forn, 0) AS promettibile,
      round(coalesce(lp.prezzo, 0), 3) AS prezzo, prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), p_sconto) AS prezzo_reale,
      sconti_applicati(ps.prezzo, coalesce(sp.sconti, sf.sconti), p_sconto) AS sconti, q.qt
    FROM unnest(p_codici, p_qt) AS q(codice, qt)
    JOIN prodotti p ON p.codice_prodotto = q.codice AND p.status = 0 AND p.deleted_at IS NULL
    JOIN giacenze g ON g.prodotto_id = p.id
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = p_listino
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = p_cliente_id
    LEFT JOIN sconti_clienti sp ON sp.cliente_id = p_cliente_id AND sp.prodotto_id = p.id
    LEFT JOIN sconti_clienti sf ON sf.cliente_id = p_cliente_id AND sf.famiglia_sconto = p.famiglia_sconto
    ORDER BY p.id
    FOR UPDATE OF g
  LOOP
    trovati := trovati || r.codice_prodotto;
    IF r.qt > r.promettibile THEN
      corte := corte || jsonb_build_object('codice_prodotto', r.codice_prodotto, 'disponibilita', r.promettibile);
    END IF;
    in_consegna := least(r.qt, greatest(r.disponibilita, 0));
    righe := righe || jsonb_build_object('prodotto_id', r.id, 'codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.titolo,
      'qt', r.qt, 'qt_in_arrivo', r.qt - in_consegna, 'prezzo', r.prezzo, 'prezzo_reale', r.prezzo_reale, 'sconti', r.sconti);
    totale := totale + r.prezzo_reale * r.qt;
  END LOOP;

  IF p_key IS NOT NULL THEN
    -- A request with the same key may have committed while this one waited for the row locks.
    SELECT o.id INTO ordine_id FROM ordini o WHERE o.utente_id = p_utente_id AND o.idempotency_key = p_key;
    IF FOUND THEN esito := 'duplicato'; RETURN; END IF;
  END IF;
  IF cardinality(trovati) < cardinality(p_codici) THEN
    esito := 'sconosciuti';
    dettagli := to_jsonb(ARRAY(SELECT c FROM unnest(p_codici) c WHERE c <> ALL (trovati)));
    RETURN;
  END IF;
  IF jsonb_array_length(corte) > 0 THEN
    esito := 'insufficienti';
    dettagli := corte;
    RETURN;
  END IF;

  INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, cliente_nome, azienda_nome,
    utente_nome, nome, note, response_code, response_status, totale, idempotency_key, erp_stato)
  VALUES (p_utente_id, p_cliente_id, p_azienda_codice, p_cliente_codice, p_utente_codice, p_cliente_nome, p_azienda_nome,
    p_utente_nome, p_nome, p_note, '201', 'Confermato', totale, p_key,
    CASE WHEN p_esporta THEN 'in_attesa' ELSE 'non_configurato' END)
  ON CONFLICT (utente_id, idempotency_key) DO NOTHING
  RETURNING id INTO ordine_id;
  IF ordine_id IS NULL THEN
    -- The same key was committed by a concurrent request while this one waited.
    SELECT o.id INTO ordine_id FROM ordini o WHERE o.utente_id = p_utente_id AND o.idempotency_key = p_key;
    esito := 'duplicato';
    RETURN;
  END IF;

  INSERT INTO ordini_righe (ordine_id, prodotto_id, codice_prodotto, prodotto_nome, qt, qt_in_arrivo, prezzo, prezzo_reale, sconti)
  SELECT ordine_id, (x->>'prodotto_id')::int, x->>'codice_prodotto', x->>'prodotto_nome', (x->>'qt')::int,
    (x->>'qt_in_arrivo')::int, (x->>'prezzo')::numeric, (x->>'prezzo_reale')::numeric, x->>'sconti'
  FROM jsonb_array_elements(righe) x;
  -- Stock is a narrow row of its own (giacenze): with room on the page (fillfactor) the update stays HOT.
  UPDATE giacenze g SET disponibilita = g.disponibilita - ((x->>'qt')::int - (x->>'qt_in_arrivo')::int),
    ord_forn = g.ord_forn - (x->>'qt_in_arrivo')::int
  FROM jsonb_array_elements(righe) x WHERE g.prodotto_id = (x->>'prodotto_id')::int;
  INSERT INTO popolarita_coda (prodotto_id) SELECT (x->>'prodotto_id')::int FROM jsonb_array_elements(righe) x;
  -- The confirmation mail's row, and the hand-over to the ERP as erp_stato 'in_attesa' (above), in
  -- the same transaction, so neither is lost if a server stops or the mail server or the ERP is
  -- down; their jobs are queued after the commit by accoda_lavori_ordini, which says why.
  PERFORM accoda_mail(p_ordine_id => ordine_id, p_lavoro => false);
  -- Queued for the statistics rollups (server/statistiche/sql/applica_statistiche.sql): one narrow
  -- insert, no shared row locked until commit.
  INSERT INTO stat_coda (ordine_id, segno) VALUES (ordine_id, 1);
  esito := 'ok';
  dettagli := righe;
END $$;
