-- The customer's job-site reference on an order (ordini/create's riferimento_cantiere, issue 34 §4):
-- NULL for the orders placed before it and for those without one. crea_ordine
-- (server/ordini/sql/crea_ordine.sql) stores it, ordini_letti (server/ordini/sql/ordini_letti.sql) reads it.
ALTER TABLE "ordini" ADD COLUMN "riferimento_cantiere" text;
