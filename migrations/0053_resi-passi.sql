CREATE TABLE "resi_passi" (
	"id" serial PRIMARY KEY NOT NULL,
	"reso_id" integer NOT NULL,
	"da" text,
	"a" text NOT NULL,
	"autore_tipo" text NOT NULL,
	"utente_id" integer,
	"admin_id" integer,
	"autore" text NOT NULL,
	"nota" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resi_passi_autore_ck" CHECK ("resi_passi"."autore_tipo" IN ('cliente', 'staff', 'erp'))
);
--> statement-breakpoint
DROP INDEX "resi_righe_documento_riga_idx";--> statement-breakpoint
ALTER TABLE "resi_passi" ADD CONSTRAINT "resi_passi_reso_id_resi_id_fk" FOREIGN KEY ("reso_id") REFERENCES "public"."resi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi_passi" ADD CONSTRAINT "resi_passi_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resi_passi" ADD CONSTRAINT "resi_passi_admin_id_admin_utenti_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resi_passi_reso_idx" ON "resi_passi" USING btree ("reso_id","id");--> statement-breakpoint
-- a mano (hand-written)
-- What the open returns ask of a DDT's lines (resi/rendibili, resi/richiedi), read from the index
-- alone: the lines' entries with their return, pieces and outcome, joined to the DDT's returns by
-- hash (docs/decisions/resi-rendibili-piano.md); it also serves the foreign key to documenti_righe.
CREATE INDEX "resi_righe_documento_riga_cop_idx" ON "resi_righe" ("documento_riga_id") INCLUDE ("reso_id", "quantita", "esito");
--> statement-breakpoint
-- The returns asked before the history existed: their request, and the state they reached since,
-- as one step each (who made the later steps was not recorded: the staff's are in the admin audit).
INSERT INTO "resi_passi" ("reso_id", "da", "a", "autore_tipo", "utente_id", "autore", "created_at")
SELECT s.id, NULL, 'richiesto', 'cliente', s.utente_id,
  coalesce(nullif(trim(coalesce(nullif(u.nominativo, ''), u.nome || ' ' || u.cognome)), ''), 'Cliente'), s.created_at
FROM "resi" s LEFT JOIN "utenti" u ON u.id = s.utente_id;
--> statement-breakpoint
INSERT INTO "resi_passi" ("reso_id", "da", "a", "autore_tipo", "autore", "created_at")
SELECT s.id, 'richiesto', s.stato, CASE WHEN s.stato IN ('annullato', 'spedito') THEN 'cliente' WHEN s.nota_credito_id IS NOT NULL THEN 'erp' ELSE 'staff' END,
  CASE WHEN s.stato IN ('annullato', 'spedito') THEN 'Cliente' WHEN s.nota_credito_id IS NOT NULL THEN 'ERP' ELSE 'Staff' END, s.stato_at
FROM "resi" s WHERE s.stato <> 'richiesto';
