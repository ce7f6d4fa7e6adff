-- The one read of a whole order (docs/decisions/ordine-un-modello.md), as the jsonb of the schema
-- `ordine` (shared/ordini.ts), which every reader parses: the history (ordini/read, ordini/elenco)
-- and its export, the PDF, the confirmation mail, the ERP's webhook and files. NULL when the order
-- does not exist. Its header with the codes and names as they were when it was placed, the client
-- as it is now and who placed it, its lines (by ordini_righe_ordine_idx) with their discount chain,
-- amount, VAT rate and packs, the VAT summary and the document's totals.
-- Amounts: unit prices and line amounts with 3 decimals, as ordered; the summary as an Italian
-- invoice rounds it (docs/regole/ordini.md#order-pdf): each line's amount to the cent, a rate's
-- taxable amount the sum of its lines, its VAT rounded once (half up), the totals their sums.
-- A new field of an order: its column, a key here, a field of the schema.
CREATE OR REPLACE FUNCTION ordine_letto(p_id int) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  WITH righe AS (
    SELECT r.id, r.codice_prodotto, r.prodotto_nome, r.qt, r.qt_in_consegna, r.qt_in_arrivo, r.prezzo, r.prezzo_reale,
      r.sconti, r.qt * r.prezzo_reale AS importo,
      -- A product gone: ALIQUOTA_IVA_ORDINARIA (shared/iva.ts) and no pack (shared/confezioni.ts).
      coalesce(p.iva_aliquota, 22) AS aliquota, coalesce(p.multiplo, 1) AS multiplo, coalesce(p.minimo, 1) AS minimo
    FROM ordini_righe r LEFT JOIN prodotti p ON p.id = r.prodotto_id
    WHERE r.ordine_id = p_id
  ), iva AS (
    SELECT aliquota, sum(round(importo, 2)) AS imponibile, round(sum(round(importo, 2)) * aliquota / 100, 2) AS imposta
    FROM righe GROUP BY aliquota
  )
  SELECT jsonb_build_object(
    'id', o.id, 'created_at', iso_utc(o.created_at), 'nome', o.nome, 'note', o.note,
    'riferimento_cantiere', o.riferimento_cantiere,
    'response_code', o.response_code, 'response_status', o.response_status, 'totale', round(o.totale, 3),
    'azienda_codice', o.azienda_codice, 'azienda_nome', o.azienda_nome, 'cliente_codice', o.cliente_codice,
    'cliente_nome', o.cliente_nome, 'utente_codice', o.utente_codice, 'utente_nome', o.utente_nome,
    'cliente', jsonb_build_object('ragione_sociale', coalesce(nullif(c.ragione_sociale, ''), o.cliente_nome),
      'partita_iva', c.partita_iva, 'email', c.email, 'telefono', c.telefono),
    'ordinato_da', jsonb_build_object('nome', coalesce(nullif(trim(u.nome || ' ' || u.cognome), ''), o.utente_nome),
      'username', u.username),
    'prodotti', coalesce((
      SELECT jsonb_agg(jsonb_build_object('codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.prodotto_nome,
        'qt', r.qt, 'qt_in_consegna', r.qt_in_consegna, 'qt_in_arrivo', r.qt_in_arrivo, 'prezzo', round(r.prezzo, 3),
        'prezzo_reale', round(r.prezzo_reale, 3), 'sconti', r.sconti, 'importo', round(r.importo, 3),
        'aliquota_iva', r.aliquota, 'multiplo', r.multiplo, 'minimo', r.minimo) ORDER BY r.id)
      FROM righe r), '[]'::jsonb),
    'riepilogo_iva', coalesce((
      SELECT jsonb_agg(jsonb_build_object('aliquota', v.aliquota, 'imponibile', v.imponibile, 'imposta', v.imposta) ORDER BY v.aliquota)
      FROM iva v), '[]'::jsonb),
    'totale_imponibile', t.imponibile, 'totale_iva', t.imposta, 'totale_documento', t.imponibile + t.imposta)
  FROM ordini o
  JOIN clienti c ON c.id = o.cliente_id
  LEFT JOIN utenti u ON u.id = o.utente_id
  CROSS JOIN (SELECT coalesce(sum(v.imponibile), 0) AS imponibile, coalesce(sum(v.imposta), 0) AS imposta FROM iva v) t
  WHERE o.id = p_id
$$;
