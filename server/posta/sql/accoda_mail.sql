-- One way to queue a mail (server/posta/accoda-mail.ts calls it from TypeScript, crea_ordine from
-- SQL): a row of mail_uscita is an order's confirmation (its order only; the text is composed when
-- sent), a user's new credentials (the user only: the temporary password is drawn when the mail is
-- sent and never stored, server/posta/credenziali.ts), a password reset's link (its request only:
-- the token is drawn when the mail is sent and only its hash kept, server/posta/reset-password.ts),
-- an invitation's link (its invitation only, drawn the same way: server/posta/invito.ts),
-- or a composed mail (recipient, subject and text, optional reply-to). p_lavoro false: the row
-- only, its job queued by the caller after its commit (an order's: accoda_lavori_ordini, which says why).
-- p_dopo_ordine_id: a composed mail about an order written in the order's transaction (a held order's
-- notice to its approvers): never a job here, accoda_lavori_ordini queues it with the order's jobs.
DROP FUNCTION IF EXISTS accoda_mail(int, text, text, text, text, int);
DROP FUNCTION IF EXISTS accoda_mail(int, text, text, text, text, int, boolean);
DROP FUNCTION IF EXISTS accoda_mail(int, text, text, text, text, int, boolean, int);
DROP FUNCTION IF EXISTS accoda_mail(int, text, text, text, text, int, boolean, int, int);
CREATE OR REPLACE FUNCTION accoda_mail(
  p_ordine_id int DEFAULT NULL, p_destinatario text DEFAULT NULL, p_oggetto text DEFAULT NULL,
  p_testo text DEFAULT NULL, p_reply_to text DEFAULT NULL, p_utente_id int DEFAULT NULL,
  p_lavoro boolean DEFAULT true, p_reset_password_id int DEFAULT NULL, p_invito_id int DEFAULT NULL,
  p_dopo_ordine_id int DEFAULT NULL)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  nuovo int;
BEGIN
  IF num_nonnulls(p_ordine_id, p_utente_id, p_reset_password_id, p_invito_id) > 1 THEN
    RAISE EXCEPTION 'accoda_mail: un ordine, un utente, un reset della password o un invito, uno solo';
  ELSIF num_nonnulls(p_ordine_id, p_utente_id, p_reset_password_id, p_invito_id) = 1 THEN
    IF coalesce(p_destinatario, p_oggetto, p_testo, p_reply_to) IS NOT NULL THEN
      RAISE EXCEPTION 'accoda_mail: la conferma di un ordine, le credenziali, il reset della password e l''invito si compongono all''invio, senza destinatario né testo';
    END IF;
  ELSIF p_destinatario IS NULL OR p_oggetto IS NULL OR p_testo IS NULL THEN
    RAISE EXCEPTION 'accoda_mail: servono destinatario, oggetto e testo (o un ordine, un utente, un reset della password, un invito)';
  END IF;
  IF p_dopo_ordine_id IS NOT NULL AND p_destinatario IS NULL THEN
    RAISE EXCEPTION 'accoda_mail: solo una mail composta segue un ordine';
  END IF;
  INSERT INTO mail_uscita (ordine_id, utente_id, reset_password_id, invito_id, dopo_ordine_id, destinatario, reply_to, oggetto, testo)
  VALUES (p_ordine_id, p_utente_id, p_reset_password_id, p_invito_id, p_dopo_ordine_id, p_destinatario, p_reply_to, p_oggetto, p_testo)
  RETURNING id INTO nuovo;
  -- Its job, in the same transaction (graphile-worker, server/posta/invia-mail.ts): retried with a
  -- growing pause while the mail server is down; the key lets a resend never double it.
  IF p_lavoro AND p_dopo_ordine_id IS NULL THEN
    PERFORM graphile_worker.add_job('invia_mail', json_build_object('id', nuovo), max_attempts => 10, job_key => 'mail:' || nuovo);
  END IF;
  RETURN nuovo;
END $$;
