-- An order line takes its order's client (ordini_righe.cliente_id), whatever the insert says: the
-- history's product-code filter reads one client's lines of a product on
-- ordini_righe_cliente_prodotto_idx (docs/decisions/storico-ordini-indici.md). A look-up on the
-- orders' primary key per line; an order's client never changes.
CREATE OR REPLACE FUNCTION ordini_righe_cliente() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.cliente_id := (SELECT o.cliente_id FROM ordini o WHERE o.id = NEW.ordine_id);
  RETURN NEW;
END $$;
