-- The FatturaPA page read once and kept (docs/decisions/fatturapa-lettura.md). Documents kept from
-- before have it NULL: documenti/fatturapa reads their XML at the first view and stores it then.
ALTER TABLE "documenti" ADD COLUMN "fatturapa" jsonb;