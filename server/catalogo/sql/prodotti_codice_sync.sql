-- Trigger function (trigger prodotti_codice_sync_trg, after an update of codice_prodotto): the
-- product's own code stays searchable like its other codes (codici_propri). New products get
-- theirs from prodotti_nuovi.
CREATE OR REPLACE FUNCTION prodotti_codice_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.codice_prodotto = OLD.codice_prodotto THEN RETURN NEW; END IF;
  DELETE FROM prodotti_codici WHERE prodotto_id = NEW.id AND tipo IN ('codice', 'codice_cifre');
  INSERT INTO prodotti_codici (prodotto_id, tipo, codice) SELECT NEW.id, k.tipo, k.codice FROM codici_propri(NEW.codice_prodotto) k;
  RETURN NEW;
END $$;
