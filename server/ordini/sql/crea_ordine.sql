-- ordini/create in one call, so that an order costs one round trip
-- (docs/regole/ordini.md#order-creation). Rows are locked in id order (concurrent orders wait
-- instead of overselling, and never deadlock), prices are read here for the client, and the order,
-- its line snapshot, the stock, the popularity and statistics queues, the confirmation mail
-- (mail_uscita and its job), the ERP export job and the emptying of the user's cart for the client
-- move together.
-- What can be promised is stock plus the quantity on order from the supplier
-- (docs/regole/catalogo.md#promisable-stock): a line ships from stock first (disponibilita, never
-- taken below 0 by an order) and the rest is backordered from ord_forn, which is lowered by as
-- much, so ord_forn means "on order and not yet promised" and a second order cannot be promised
-- the same incoming pieces. A negative stock (pieces already owed) eats into ord_forn:
-- disponibilita + ord_forn is always what is left.
-- esito: 'ok' | 'duplicato' (same idempotency key: the order already made; dettagli = {approvazione, superamento}) | 'sconosciuti'
-- (dettagli = unknown codes) | 'confezioni' (dettagli = [{codice_prodotto, multiplo, minimo}]: a
-- quantity that is not whole packs, docs/regole/ordini.md#packs; the caller rounds it up with the
-- shared rule, shared/confezioni.ts, says so, and calls again) | 'insufficienti' (dettagli = [{codice_prodotto, disponibilita}],
-- disponibilita = what could be promised).
-- p_ordine: the order as one jsonb (crea_ordine's argument in server/ordini/ordini.service.ts, picked from
-- the schema `ordine` of shared/ordini.ts and checked there before the call): the order's own
-- fields under their column names (utente_id, cliente_id, the codes and names, nome, note,
-- riferimento_cantiere, inserito_da_agente, idempotency_key), read as a row of ordini; the client's prices (listino,
-- sconto); righe [{codice_prodotto, qt}]; esporta: an ERP is configured (server/erp/): the order
-- waits for its export ('in_attesa', its job queued by accoda_lavori_ordini); without one it is
-- 'non_configurato' at once; giorni_approvazione: how long a held order waits when the setting
-- (impostazioni 'giorni_approvazione') is not there; richiesta: a Consultazione's cart sent to the
-- approvers (approvazioni/richiedi), always held. A new field of an order is a column, a key of
-- p_ordine and a line of the INSERT.
-- Limits (docs/regole/organizzazione.md#limits-and-approvals): the user's link to the client is
-- locked first, so two orders of one user at once wait for each other and the second counts the
-- first in the month's budget. An Operatore's order over limite_ordine, or taking the month's
-- orders (confirmed or waiting, this one included, Europe/Rome's calendar month) over
-- budget_mensile, is held once every check has passed: esito 'in_approvazione' (dettagli = the
-- limits passed, [{limite, valore, superato_di}]), saved with its lines and prices, no stock taken,
-- no confirmation mail, no ERP job, the cart emptied.
-- prezzi: {codice_prodotto: net unit price} agreed in a quote (server/preventivi/), used instead of
-- the client's net price for those lines (no chain shown: the price is the agreed one); a quote's order
-- leaves the user's cart alone (tieni_carrello).
-- The signatures of before: sixteen and fifteen positional parameters.
DROP FUNCTION IF EXISTS crea_ordine(int, int, int, numeric, text[], int[], text, text, text, text, text, text, text, text, text);
DROP FUNCTION IF EXISTS crea_ordine(int, int, int, numeric, text[], int[], text, text, text, text, text, text, text, text, text, boolean);
CREATE OR REPLACE FUNCTION crea_ordine(p_ordine jsonb, OUT esito text, OUT ordine_id int, OUT totale numeric, OUT dettagli jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  nuovo ordini := jsonb_populate_record(NULL::ordini, p_ordine);
  listino_cliente int := (p_ordine->>'listino')::int;
  sconto_cliente numeric := (p_ordine->>'sconto')::numeric;
  n_codici int := jsonb_array_length(p_ordine->'righe');
  righe jsonb;
  corte jsonb;
  sfuse jsonb;
  trovati text[];
  legame record;
  speso numeric;
  superamento jsonb := '[]';
BEGIN
  IF nuovo.idempotency_key IS NOT NULL THEN
    SELECT o.id, jsonb_build_object('approvazione', o.approvazione, 'superamento', o.approvazione_superamento) INTO ordine_id, dettagli FROM ordini o WHERE o.utente_id = nuovo.utente_id AND o.idempotency_key = nuovo.idempotency_key;
    IF FOUND THEN esito := 'duplicato'; RETURN; END IF;
  END IF;

  SELECT uc.ruolo, uc.limite_ordine, uc.budget_mensile INTO legame FROM utenti_clienti uc
  WHERE uc.utente_id = nuovo.utente_id AND uc.cliente_id = nuovo.cliente_id;
  -- Only an Operatore with a limit has orders that count each other: their link is locked (and read
  -- again) so that two at once take turns; anyone else's orders never wait for one another here
  -- (locking every order's link made one user's orders one at a time: 4x slower in the bench).
  IF legame.ruolo = 'operatore' AND (legame.limite_ordine IS NOT NULL OR legame.budget_mensile IS NOT NULL) THEN
    SELECT uc.ruolo, uc.limite_ordine, uc.budget_mensile INTO legame FROM utenti_clienti uc
    WHERE uc.utente_id = nuovo.utente_id AND uc.cliente_id = nuovo.cliente_id
    FOR NO KEY UPDATE;
  END IF;

  -- The lines judged in one statement (a loop appending to jsonb copied the array at every line:
  -- a quadratic cost, about 1 ms of a 50-line order). Rows locked in id order, as the CTE reads them.
  WITH l AS MATERIALIZED (
    SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo, g.disponibilita,
      greatest(g.disponibilita + g.ord_forn, 0) AS promettibile,
      round(coalesce(lp.prezzo, 0), 3) AS prezzo,
      coalesce((p_ordine->'prezzi'->>p.codice_prodotto)::numeric, prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), sconto_cliente)) AS prezzo_reale,
      CASE WHEN p_ordine->'prezzi' ? p.codice_prodotto THEN ''
        ELSE sconti_applicati(ps.prezzo, coalesce(sp.sconti, sf.sconti), sconto_cliente) END AS sconti, p.multiplo, p.minimo, q.qt
    FROM jsonb_to_recordset(p_ordine->'righe') AS q(codice_prodotto text, qt int)
    JOIN prodotti p ON p.codice_prodotto = q.codice_prodotto AND p.status = 0 AND p.deleted_at IS NULL
    JOIN giacenze g ON g.prodotto_id = p.id
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = listino_cliente
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = nuovo.cliente_id
    LEFT JOIN sconti_clienti sp ON sp.cliente_id = nuovo.cliente_id AND sp.prodotto_id = p.id
    LEFT JOIN sconti_clienti sf ON sf.cliente_id = nuovo.cliente_id AND sf.famiglia_sconto = p.famiglia_sconto
    ORDER BY p.id
    FOR UPDATE OF g
  )
  SELECT coalesce(array_agg(l.codice_prodotto), '{}'),
    coalesce(jsonb_agg(jsonb_build_object('prodotto_id', l.id, 'codice_prodotto', l.codice_prodotto, 'prodotto_nome', l.titolo,
      'qt', l.qt, 'qt_in_arrivo', l.qt - least(l.qt, greatest(l.disponibilita, 0)), 'prezzo', l.prezzo, 'prezzo_reale', l.prezzo_reale,
      'sconti', l.sconti) ORDER BY l.id), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('codice_prodotto', l.codice_prodotto, 'multiplo', l.multiplo, 'minimo', l.minimo) ORDER BY l.id)
      FILTER (WHERE l.qt < l.minimo OR l.qt % l.multiplo <> 0), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('codice_prodotto', l.codice_prodotto, 'disponibilita', l.promettibile) ORDER BY l.id)
      FILTER (WHERE l.qt > l.promettibile), '[]'),
    coalesce(sum(l.prezzo_reale * l.qt), 0)
  INTO trovati, righe, sfuse, corte, totale
  FROM l;

  IF nuovo.idempotency_key IS NOT NULL THEN
    -- A request with the same key may have committed while this one waited for the row locks.
    SELECT o.id, jsonb_build_object('approvazione', o.approvazione, 'superamento', o.approvazione_superamento) INTO ordine_id, dettagli FROM ordini o WHERE o.utente_id = nuovo.utente_id AND o.idempotency_key = nuovo.idempotency_key;
    IF FOUND THEN esito := 'duplicato'; RETURN; END IF;
  END IF;
  IF cardinality(trovati) < n_codici THEN
    esito := 'sconosciuti';
    dettagli := to_jsonb(ARRAY(SELECT x->>'codice_prodotto' FROM jsonb_array_elements(p_ordine->'righe') x
      WHERE x->>'codice_prodotto' <> ALL (trovati)));
    RETURN;
  END IF;
  IF jsonb_array_length(sfuse) > 0 THEN
    esito := 'confezioni';
    dettagli := sfuse;
    RETURN;
  END IF;
  IF jsonb_array_length(corte) > 0 THEN
    esito := 'insufficienti';
    dettagli := corte;
    RETURN;
  END IF;

  IF coalesce((p_ordine->>'richiesta')::boolean, false) THEN
    superamento := jsonb_build_array(jsonb_build_object('limite', 'ruolo'));
  ELSIF legame.ruolo = 'operatore' THEN
    IF totale > legame.limite_ordine THEN
      superamento := superamento || jsonb_build_object('limite', 'ordine', 'valore', legame.limite_ordine,
        'superato_di', round(totale - legame.limite_ordine, 2));
    END IF;
    IF legame.budget_mensile IS NOT NULL THEN
      -- The user's orders of the client this month that count (ordini_utente_cliente_idx).
      SELECT coalesce(sum(o.totale), 0) INTO speso FROM ordini o
      WHERE o.utente_id = nuovo.utente_id AND o.cliente_id = nuovo.cliente_id
        AND o.created_at >= date_trunc('month', now() AT TIME ZONE 'Europe/Rome') AT TIME ZONE 'Europe/Rome'
        AND o.response_code IN ('201', '202') AND (o.approvazione IS NULL OR o.approvazione IN ('in_attesa', 'approvato'));
      IF speso + totale > legame.budget_mensile THEN
        superamento := superamento || jsonb_build_object('limite', 'budget', 'valore', legame.budget_mensile,
          'superato_di', round(speso + totale - legame.budget_mensile, 2));
      END IF;
    END IF;
  END IF;

  IF jsonb_array_length(superamento) > 0 THEN
    INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, cliente_nome, azienda_nome,
      utente_nome, nome, note, riferimento_cantiere, inserito_da_agente, response_code, response_status, totale, idempotency_key, erp_stato,
      approvazione, approvazione_superamento, approvazione_scade_at)
    VALUES (nuovo.utente_id, nuovo.cliente_id, nuovo.azienda_codice, nuovo.cliente_codice, nuovo.utente_codice, nuovo.cliente_nome, nuovo.azienda_nome,
      nuovo.utente_nome, nuovo.nome, nuovo.note, nuovo.riferimento_cantiere, nuovo.inserito_da_agente, '202', 'In attesa di approvazione', totale, nuovo.idempotency_key,
      'in_approvazione', 'in_attesa', superamento,
      now() + make_interval(days => coalesce(
        (SELECT i.valore::int FROM impostazioni i WHERE i.chiave = 'giorni_approvazione' AND i.valore ~ '^[0-9]{1,3}$'),
        (p_ordine->>'giorni_approvazione')::int)))
    ON CONFLICT (utente_id, idempotency_key) DO NOTHING
    RETURNING id INTO ordine_id;
  ELSE
    INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, cliente_nome, azienda_nome,
      utente_nome, nome, note, riferimento_cantiere, inserito_da_agente, response_code, response_status, totale, idempotency_key, erp_stato)
    VALUES (nuovo.utente_id, nuovo.cliente_id, nuovo.azienda_codice, nuovo.cliente_codice, nuovo.utente_codice, nuovo.cliente_nome, nuovo.azienda_nome,
      nuovo.utente_nome, nuovo.nome, nuovo.note, nuovo.riferimento_cantiere, nuovo.inserito_da_agente, '201', 'Confermato', totale, nuovo.idempotency_key,
      CASE WHEN (p_ordine->>'esporta')::boolean THEN 'in_attesa' ELSE 'non_configurato' END)
    ON CONFLICT (utente_id, idempotency_key) DO NOTHING
    RETURNING id INTO ordine_id;
  END IF;
  IF ordine_id IS NULL THEN
    -- The same key was committed by a concurrent request while this one waited.
    SELECT o.id, jsonb_build_object('approvazione', o.approvazione, 'superamento', o.approvazione_superamento) INTO ordine_id, dettagli FROM ordini o WHERE o.utente_id = nuovo.utente_id AND o.idempotency_key = nuovo.idempotency_key;
    esito := 'duplicato';
    RETURN;
  END IF;

  INSERT INTO ordini_righe (ordine_id, prodotto_id, codice_prodotto, prodotto_nome, qt, qt_in_arrivo, prezzo, prezzo_reale, sconti)
  SELECT ordine_id, (x->>'prodotto_id')::int, x->>'codice_prodotto', x->>'prodotto_nome', (x->>'qt')::int,
    (x->>'qt_in_arrivo')::int, (x->>'prezzo')::numeric, (x->>'prezzo_reale')::numeric, x->>'sconti'
  FROM jsonb_array_elements(righe) x;
  IF jsonb_array_length(superamento) > 0 THEN
    -- Held: its stock, mail, statistics and ERP job wait for the approval (approva_ordine).
    DELETE FROM carrelli WHERE utente_id = nuovo.utente_id AND cliente_id = nuovo.cliente_id
      AND NOT coalesce((p_ordine->>'tieni_carrello')::boolean, false);
    esito := 'in_approvazione';
    dettagli := superamento;
    RETURN;
  END IF;
  PERFORM prendi_giacenze(righe);
  -- The confirmation mail's row, and the hand-over to the ERP as erp_stato 'in_attesa' (above), in
  -- the same transaction, so neither is lost if a server stops or the mail server or the ERP is
  -- down; their jobs are queued after the commit by accoda_lavori_ordini, which says why.
  PERFORM accoda_mail(p_ordine_id => ordine_id, p_lavoro => false);
  -- Queued for the statistics rollups (server/statistiche/sql/applica_statistiche.sql): one narrow
  -- insert, no shared row locked until commit.
  INSERT INTO stat_coda (ordine_id, segno) VALUES (ordine_id, 1);
  -- The user's cart for this client (server/carrello/), emptied with the order it became.
  DELETE FROM carrelli WHERE utente_id = nuovo.utente_id AND cliente_id = nuovo.cliente_id
      AND NOT coalesce((p_ordine->>'tieni_carrello')::boolean, false);
  esito := 'ok';
  dettagli := righe;
END $$;
