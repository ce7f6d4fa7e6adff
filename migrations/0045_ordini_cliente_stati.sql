-- Issue 36: the history's state filters over every order of a client, for a Titolare or Acquisti
-- (server/ordini/vista.ts), each by a partial index as the user's own are: confirmed, refused,
-- rejected or expired (waiting ones: ordini_in_approvazione_idx of 0044). DESC NULLS FIRST, what
-- ORDER BY created_at DESC reads in order (docs/decisions/desc-index-nulls-order.md).
CREATE INDEX "ordini_cliente_confermati_idx" ON "ordini" USING btree ("cliente_id","created_at" DESC NULLS FIRST) WHERE response_code = '201';--> statement-breakpoint
CREATE INDEX "ordini_cliente_errore_idx" ON "ordini" USING btree ("cliente_id","created_at" DESC NULLS FIRST) WHERE response_code <> '201';--> statement-breakpoint
CREATE INDEX "ordini_cliente_decisi_idx" ON "ordini" USING btree ("cliente_id","approvazione","created_at" DESC NULLS FIRST) WHERE approvazione IN ('rifiutato', 'scaduto');