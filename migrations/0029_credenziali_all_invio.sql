ALTER TABLE "utenti" ADD COLUMN "password_impostata_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD COLUMN "utente_id" integer;--> statement-breakpoint
ALTER TABLE "mail_uscita" ADD CONSTRAINT "mail_uscita_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_uscita_utente_idx" ON "mail_uscita" USING btree ("utente_id");--> statement-breakpoint
-- Hand-written. accoda_mail gains p_utente_id (a credentials mail, composed when sent): the old
-- signature goes, or a call with named arguments would find two functions; the new one is
-- server/posta/sql/accoda_mail.sql, applied after this migration.
DROP FUNCTION IF EXISTS accoda_mail(int, text, text, text, text);
--> statement-breakpoint
-- Credentials mailed before: their clear temporary passwords leave the database. One still
-- waiting is not sent with its password removed: its job goes, and the row says to send again.
UPDATE mail_uscita SET
  testo = regexp_replace(testo, 'Password temporanea: \S+', 'Password temporanea: [rimossa]'),
  ultimo_errore = CASE WHEN inviata_at IS NULL
    THEN 'Credenziali annullate dall''aggiornamento del portale: inviarle di nuovo.' ELSE ultimo_errore END
WHERE testo LIKE '%Password temporanea: %';
--> statement-breakpoint
SELECT graphile_worker.remove_job('mail:' || id) FROM mail_uscita
WHERE inviata_at IS NULL AND testo LIKE '%Password temporanea: [rimossa]%';
