/**
 * The machine code of every error answer (4xx/5xx), beside its Italian `msg`: what a client tests,
 * never the message or the HTTP status alone. A code keeps its meaning across versions.
 */
export const CODICI_ERRORE = [
  /** 400: an input refused by its schema or by a handler's check. */
  'dati_non_validi',
  /** 400 (or another 4xx): a request that cannot be read (malformed JSON or URL, wrong form). */
  'richiesta_non_valida',
  /** 400 password/cambia: the current password is wrong. */
  'password_errata',
  /** 400 password/cambia: the new password is refused (too weak, or the current one). */
  'password_debole',
  /** 400 password/reimposta: the link is unknown or was used already. */
  'link_non_valido',
  /** 400 password/reimposta: the link is older than MINUTI_LINK_PASSWORD. */
  'link_scaduto',
  /** 401: no session, or it ended; log in again. */
  'sessione_scaduta',
  /** 401: the API token is missing, unknown or revoked. */
  'token_non_valido',
  /** 403: not allowed to this session (another client's codes, an admin call, a cross-site request). */
  'accesso_negato',
  /** 403: the password is temporary; every customer call but the change waits for a new one. */
  'cambio_password_richiesto',
  /** 404: the record or the path does not exist. */
  'non_trovato',
  /** 409: the change would leave a client without an active Titolare (docs/regole/organizzazione.md). */
  'ultimo_titolare',
  /** 409 approvazioni/approva, rifiuta: the order held for approval was decided already (or expired). */
  'gia_deciso',
  /** 408: the request did not arrive in time. */
  'richiesta_scaduta',
  /** 413: a file or the request is larger than allowed. */
  'file_troppo_grande',
  /** 415: the request's content type is not accepted. */
  'formato_non_supportato',
  /** 429: too many attempts; the Retry-After header says when to try again. */
  'troppi_tentativi',
  /** 429: too many requests of one kind under way at once (exports); the Retry-After header says when to try again. */
  'troppe_richieste',
  /** 431: the address or the headers are too long. */
  'richiesta_troppo_grande',
  /** 500: a fault of the server (logged with the requestId). */
  'errore_interno',
  /** 503: the portal is in maintenance (customers only). */
  'manutenzione',
  /** 503: the database cannot be reached or is overloaded; retry shortly. */
  'database_non_raggiungibile',
  /** 503 /api/ready: this process takes no traffic now (stopping, or its database not migrated yet); send it elsewhere. */
  'non_pronto',
  /** 503: the media store (S3) cannot be reached; retry shortly. */
  'archivio_non_raggiungibile',
] as const;
export type CodiceErrore = (typeof CODICI_ERRORE)[number];
