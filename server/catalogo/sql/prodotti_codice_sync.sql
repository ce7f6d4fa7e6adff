-- Trigger function (trigger prodotti_codice_sync_trg, migration 0004). The product's own code is
-- searchable like its other codes ('codice'), and so is the digit tail of a code like
-- 'BE-6160792' ('codice_cifre' = '6160792'). seed/bulk-mode.ts does the same set-based.
CREATE OR REPLACE FUNCTION prodotti_codice_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.codice_prodotto = OLD.codice_prodotto THEN RETURN NEW; END IF;
  DELETE FROM prodotti_codici WHERE prodotto_id = NEW.id AND tipo IN ('codice', 'codice_cifre');
  INSERT INTO prodotti_codici (prodotto_id, tipo, codice) VALUES (NEW.id, 'codice', NEW.codice_prodotto);
  IF NEW.codice_prodotto ~ '^[A-Za-z0-9]{1,4}[-/. ][0-9]{4,}$' THEN
    INSERT INTO prodotti_codici (prodotto_id, tipo, codice)
      VALUES (NEW.id, 'codice_cifre', substring(NEW.codice_prodotto FROM '([0-9]{4,})$'));
  END IF;
  RETURN NEW;
END $$;
