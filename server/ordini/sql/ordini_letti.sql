-- The one read of whole orders (docs/decisions/ordine-un-modello.md): one json of the schema
-- `ordine` (shared/ordini.ts) per id of p_ids, in their order (none for an id that does not
-- exist), which every reader parses: the history (ordini/read, ordini/elenco) and its export, the
-- PDF, the confirmation mail, the ERP's webhook and files. Each order's header with the codes and
-- names as they were when it was placed, the client as it is now and who placed it, its approval
-- (null for an order never held; docs/regole/organizzazione.md#limits-and-approvals), its lines (by
-- ordini_righe_ordine_idx) with their discount chain, amount, VAT rate and packs, the VAT summary
-- and the document's totals. Set-based for a page or an export (a function called per order cost
-- about twice as much, docs/decisions/ordine-un-modello.md); json, not jsonb: it is only parsed.
-- Amounts: unit prices and line amounts with 3 decimals, as ordered; the summary as an Italian
-- invoice rounds it (docs/regole/ordini.md#order-pdf): each line's amount to the cent, a rate's
-- taxable amount the sum of its lines, its VAT rounded once (half up), the totals their sums.
-- A new field of an order: its column, a key here, a field of the schema.
-- p_netti false, for a person who may not see net prices (docs/regole/organizzazione.md#prices):
-- each line at its list price with no chain, the amounts, summary and totals computed from it, and
-- by how much a held order passed a limit left out (it would tell the net total).
DROP FUNCTION IF EXISTS ordini_letti(int[]);
CREATE OR REPLACE FUNCTION ordini_letti(p_ids int[], p_netti boolean DEFAULT true) RETURNS TABLE (ordine json)
LANGUAGE sql STABLE AS $$
  WITH k AS (SELECT k.id, k.n FROM unnest(p_ids) WITH ORDINALITY AS k(id, n)),
  righe AS (
    SELECT r.ordine_id, r.id, r.codice_prodotto, r.prodotto_nome, r.qt, r.qt_in_consegna, r.qt_in_arrivo, r.prezzo,
      x.prezzo_reale, CASE WHEN p_netti THEN r.sconti ELSE '' END AS sconti, r.qt * x.prezzo_reale AS importo,
      -- A product gone: ALIQUOTA_IVA_ORDINARIA (shared/iva.ts) and no pack (shared/confezioni.ts).
      coalesce(p.iva_aliquota, 22) AS aliquota, coalesce(p.multiplo, 1) AS multiplo, coalesce(p.minimo, 1) AS minimo
    FROM k JOIN ordini_righe r ON r.ordine_id = k.id LEFT JOIN prodotti p ON p.id = r.prodotto_id
    CROSS JOIN LATERAL (SELECT CASE WHEN p_netti THEN r.prezzo_reale ELSE coalesce(r.prezzo, 0) END AS prezzo_reale) x
  ), per_ordine AS (
    SELECT r.ordine_id, json_agg(json_build_object('codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.prodotto_nome,
        'qt', r.qt, 'qt_in_consegna', r.qt_in_consegna, 'qt_in_arrivo', r.qt_in_arrivo, 'prezzo', round(r.prezzo, 3),
        'prezzo_reale', round(r.prezzo_reale, 3), 'sconti', r.sconti, 'importo', round(r.importo, 3),
        'aliquota_iva', r.aliquota, 'multiplo', r.multiplo, 'minimo', r.minimo) ORDER BY r.id) AS prodotti
    FROM righe r GROUP BY r.ordine_id
  ), iva AS (
    SELECT ordine_id, aliquota, sum(round(importo, 2)) AS imponibile, round(sum(round(importo, 2)) * aliquota / 100, 2) AS imposta
    FROM righe GROUP BY ordine_id, aliquota
  ), per_iva AS (
    SELECT ordine_id, json_agg(json_build_object('aliquota', aliquota, 'imponibile', imponibile, 'imposta', imposta) ORDER BY aliquota) AS riepilogo,
      sum(imponibile) AS imponibile, sum(imposta) AS imposta
    FROM iva GROUP BY ordine_id
  )
  SELECT json_build_object(
    'id', o.id, 'created_at', iso_utc(o.created_at), 'nome', o.nome, 'note', o.note,
    'riferimento_cantiere', o.riferimento_cantiere,
    'response_code', o.response_code, 'response_status', o.response_status,
    'totale', CASE WHEN p_netti THEN round(o.totale, 3) ELSE coalesce((SELECT round(sum(r.importo), 3) FROM righe r WHERE r.ordine_id = o.id), 0) END,
    'azienda_codice', o.azienda_codice, 'azienda_nome', o.azienda_nome, 'cliente_codice', o.cliente_codice,
    'cliente_nome', o.cliente_nome, 'utente_codice', o.utente_codice, 'utente_nome', o.utente_nome,
    'cliente', json_build_object('ragione_sociale', coalesce(nullif(c.ragione_sociale, ''), o.cliente_nome),
      'partita_iva', c.partita_iva, 'email', c.email, 'telefono', c.telefono),
    'ordinato_da', json_build_object('nome', coalesce(nullif(trim(u.nome || ' ' || u.cognome), ''), o.utente_nome),
      'username', u.username),
    'inserito_da_agente', o.inserito_da_agente,
    'prodotti', coalesce(l.prodotti, '[]'),
    'riepilogo_iva', coalesce(v.riepilogo, '[]'),
    'totale_imponibile', coalesce(v.imponibile, 0), 'totale_iva', coalesce(v.imposta, 0),
    'totale_documento', coalesce(v.imponibile + v.imposta, 0),
    -- Held for approval and its decision (docs/regole/organizzazione.md#approvals).
    'approvazione', o.approvazione,
    'approvazione_superamento', CASE WHEN p_netti THEN o.approvazione_superamento::json
      ELSE (SELECT json_agg(json_build_object('limite', s.e->>'limite', 'valore', (s.e->>'valore')::numeric, 'superato_di', NULL))
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.approvazione_superamento) = 'array' THEN o.approvazione_superamento END) s(e)) END,
    'approvazione_scade_at', iso_utc(o.approvazione_scade_at), 'approvatore_nome', o.approvatore_nome,
    'approvazione_decisa_at', iso_utc(o.approvazione_decisa_at), 'approvazione_motivo', o.approvazione_motivo)
  FROM k
  JOIN ordini o ON o.id = k.id
  JOIN clienti c ON c.id = o.cliente_id
  LEFT JOIN utenti u ON u.id = o.utente_id
  LEFT JOIN per_ordine l ON l.ordine_id = o.id
  LEFT JOIN per_iva v ON v.ordine_id = o.id
  ORDER BY k.n
$$;
