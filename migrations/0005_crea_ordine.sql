-- History: the functions below are now defined in server/catalogo/sql/prezzo_netto.sql and server/ordini/sql/crea_ordine.sql.
-- Net price of a product for a client: the special price, else the list price less the
-- client's discount; a missing list price counts as 0. Inlined by the planner.
CREATE OR REPLACE FUNCTION prezzo_netto(listino numeric, speciale numeric, sconto numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(speciale, round(coalesce(listino, 0) * (1 - coalesce(sconto, 0) / 100), 3)) $$;
--> statement-breakpoint
-- ordini/create in one call, so that an order costs one round trip (docs/regole/ordini.md#order-creation). Rows are
-- locked in id order (concurrent orders wait instead of overselling, and never deadlock), prices
-- are read here for the client, and the order, its line snapshot and the stock move together.
-- esito: 'ok' | 'duplicato' (same idempotency key: the order already made) | 'sconosciuti'
-- (dettagli = unknown codes) | 'insufficienti' (dettagli = [{codice_prodotto, disponibilita}]).
CREATE OR REPLACE FUNCTION crea_ordine(
  p_utente_id int, p_cliente_id int, p_listino int, p_sconto numeric,
  p_codici text[], p_qt int[], p_key text,
  p_azienda_codice text, p_cliente_codice text, p_utente_codice text,
  p_cliente_nome text, p_azienda_nome text, p_utente_nome text, p_nome text, p_note text,
  OUT esito text, OUT ordine_id int, OUT totale numeric, OUT dettagli jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  righe jsonb := '[]';
  corte jsonb := '[]';
  trovati text[] := '{}';
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT o.id INTO ordine_id FROM ordini o WHERE o.utente_id = p_utente_id AND o.idempotency_key = p_key;
    IF FOUND THEN esito := 'duplicato'; RETURN; END IF;
  END IF;

  totale := 0;
  FOR r IN
    SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo, p.disponibilita,
      round(coalesce(lp.prezzo, 0), 3) AS prezzo, prezzo_netto(lp.prezzo, ps.prezzo, p_sconto) AS prezzo_reale, q.qt
    FROM unnest(p_codici, p_qt) AS q(codice, qt)
    JOIN prodotti p ON p.codice_prodotto = q.codice AND p.status = 0 AND p.deleted_at IS NULL
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = p_listino
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = p_cliente_id
    ORDER BY p.id
    FOR UPDATE OF p
  LOOP
    trovati := trovati || r.codice_prodotto;
    IF r.qt > r.disponibilita THEN
      corte := corte || jsonb_build_object('codice_prodotto', r.codice_prodotto, 'disponibilita', greatest(r.disponibilita, 0));
    END IF;
    righe := righe || jsonb_build_object('prodotto_id', r.id, 'codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.titolo,
      'qt', r.qt, 'prezzo', r.prezzo, 'prezzo_reale', r.prezzo_reale);
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
    utente_nome, nome, note, response_code, response_status, totale, idempotency_key)
  VALUES (p_utente_id, p_cliente_id, p_azienda_codice, p_cliente_codice, p_utente_codice, p_cliente_nome, p_azienda_nome,
    p_utente_nome, p_nome, p_note, '201', 'Confermato', totale, p_key)
  ON CONFLICT (utente_id, idempotency_key) DO NOTHING
  RETURNING id INTO ordine_id;
  IF ordine_id IS NULL THEN
    -- The same key was committed by a concurrent request while this one waited.
    SELECT o.id INTO ordine_id FROM ordini o WHERE o.utente_id = p_utente_id AND o.idempotency_key = p_key;
    esito := 'duplicato';
    RETURN;
  END IF;

  INSERT INTO ordini_righe (ordine_id, prodotto_id, codice_prodotto, prodotto_nome, qt, prezzo, prezzo_reale)
  SELECT ordine_id, (x->>'prodotto_id')::int, x->>'codice_prodotto', x->>'prodotto_nome', (x->>'qt')::int,
    (x->>'prezzo')::numeric, (x->>'prezzo_reale')::numeric
  FROM jsonb_array_elements(righe) x;
  UPDATE prodotti p SET disponibilita = p.disponibilita - (x->>'qt')::int, popolarita = p.popolarita + 1, updated_at = now()
  FROM jsonb_array_elements(righe) x WHERE p.id = (x->>'prodotto_id')::int;
  esito := 'ok';
  dettagli := righe;
END $$;
