-- Backorders (docs/regole/catalogo.md#promisable-stock): of a line's qt, qt_in_arrivo was promised from the supplier's incoming
-- quantity and qt_in_consegna ships from stock. Existing lines get 0 in arrivo: all shipped now.
ALTER TABLE "ordini_righe" ADD COLUMN "qt_in_arrivo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini_righe" ADD COLUMN "qt_in_consegna" integer GENERATED ALWAYS AS (qt - qt_in_arrivo) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ordini_righe" ADD CONSTRAINT "ordini_righe_qt_in_arrivo_ck" CHECK ("ordini_righe"."qt_in_arrivo" BETWEEN 0 AND "ordini_righe"."qt");