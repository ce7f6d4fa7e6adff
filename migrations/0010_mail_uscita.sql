-- History: crea_ordine below is now defined in server/ordini/sql/crea_ordine.sql; the trigger and
-- notifica_mail_uscita() were dropped by 0020, when mail became a job of the job queue
-- (server/posta/invia-mail.ts).
-- Outgoing mail in the database (server/posta/): an order and its confirmation commit together,
-- and a mail server that is down delays mail instead of losing it. New rows woke the senders
-- through the channel 'mail_uscita'.
CREATE TABLE "mail_uscita" (
	"id" serial PRIMARY KEY NOT NULL,
	"ordine_id" integer,
	"destinatario" text,
	"reply_to" text,
	"oggetto" text,
	"testo" text,
	"tentativi" integer DEFAULT 0 NOT NULL,
	"prossimo_tentativo" timestamp with time zone DEFAULT now() NOT NULL,
	"inviata_at" timestamp with time zone,
	"ultimo_errore" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD CONSTRAINT "mail_uscita_ordine_id_ordini_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_uscita_da_inviare_idx" ON "mail_uscita" USING btree ("prossimo_tentativo","id") WHERE inviata_at IS NULL;--> statement-breakpoint
CREATE INDEX "mail_uscita_ordine_idx" ON "mail_uscita" USING btree ("ordine_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notifica_mail_uscita() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_uscita', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_uscita_notifica AFTER INSERT ON mail_uscita
  FOR EACH STATEMENT EXECUTE FUNCTION notifica_mail_uscita();
--> statement-breakpoint
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
  -- Stock columns carry no index: with room on the page (fillfactor) the update stays HOT.
  UPDATE prodotti p SET disponibilita = p.disponibilita - (x->>'qt')::int, updated_at = now()
  FROM jsonb_array_elements(righe) x WHERE p.id = (x->>'prodotto_id')::int;
  INSERT INTO popolarita_coda (prodotto_id) SELECT (x->>'prodotto_id')::int FROM jsonb_array_elements(righe) x;
  -- The confirmation mail, in the same transaction: composed and sent by the server's outbox.
  INSERT INTO mail_uscita (ordine_id) VALUES (ordine_id);
  esito := 'ok';
  dettagli := righe;
END $$;
