-- The customer's job-site reference on an order (ordini/create's riferimento_cantiere, issue 34 §4):
-- NULL for the orders placed before it and for those without one. crea_ordine
-- (server/ordini/sql/crea_ordine.sql) stores it, ordine_letto (server/ordini/sql/ordine_letto.sql) reads it.
ALTER TABLE "ordini" ADD COLUMN "riferimento_cantiere" text;
