-- Trigger function on ordini, preventivi and resi (migration 0052): what a sales agent places in a
-- client's name (an order, a quote request, a return) goes into the client's history
-- (eventi_organizzazione, docs/regole/agenti.md#history) in the same transaction, whichever path
-- made it. The agent is the author and the person it is about, so that the history's person filter
-- finds the agent's actions. The row is read as JSON: the three tables name their number apart.
CREATE OR REPLACE FUNCTION evento_agente_cliente() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a record;
  r jsonb := to_jsonb(NEW);
BEGIN
  SELECT id, trim(nome || ' ' || cognome) AS nominativo INTO a FROM utenti WHERE id = (r->>'utente_id')::int AND agente_codice IS NOT NULL;
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO eventi_organizzazione (cliente_id, autore_utente_id, autore_nome, soggetto_utente_id, soggetto_nome, azione, dettagli)
  VALUES ((r->>'cliente_id')::int, a.id, a.nominativo, a.id, a.nominativo,
    CASE TG_TABLE_NAME WHEN 'ordini' THEN 'agente_ordine' WHEN 'preventivi' THEN 'agente_preventivo' ELSE 'agente_reso' END,
    CASE TG_TABLE_NAME WHEN 'ordini' THEN jsonb_build_object('ordine_id', (r->>'id')::int) ELSE jsonb_build_object('numero', r->>'numero') END);
  RETURN NULL;
END $$;
