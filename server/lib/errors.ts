import type { CodiceErrore } from '../../shared/codici-errore.js';

/**
 * An error with an HTTP status, a machine code (shared/errori.ts) and an Italian message, turned
 * into the JSON answer `{code, msg, requestId}` by the error handler.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: CodiceErrore,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The fields refused, each with its message (shared/errori.ts `campi`). */
    readonly campi?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** 400 dati_non_validi; `campi` names the fields it concerns, for the form to show each under its field. */
export const badRequest = (msg: string, campi?: Readonly<Record<string, string>>) => new HttpError(400, 'dati_non_validi', msg, {}, campi);
/** 400 dati_non_validi about one field (an upload's part included, by its name): its message is the answer's. */
export const campoRifiutato = (campo: string, msg: string) => badRequest(msg, { [campo]: msg });
export const unauthorized = (msg = 'Sessione scaduta o non valida: effettua di nuovo il login.') => new HttpError(401, 'sessione_scaduta', msg);
export const forbidden = (msg = 'Operazione non consentita per questo utente.') => new HttpError(403, 'accesso_negato', msg);
export const notFound = (msg = 'Risorsa non trovata.') => new HttpError(404, 'non_trovato', msg);
/** 409 gia_deciso: what the request would decide was decided by someone else first. */
export const giaDeciso = (msg: string) => new HttpError(409, 'gia_deciso', msg);
export const tooLarge = (msg: string) => new HttpError(413, 'file_troppo_grande', msg);
/** 429 with Retry-After: how long to wait is the answer, not a request held open. */
export const tooManyRequests = (msg: string, retryAfterSeconds: number, code: 'troppi_tentativi' | 'troppe_richieste' = 'troppi_tentativi') =>
  new HttpError(429, code, msg, { 'retry-after': String(retryAfterSeconds) });
export const inMaintenance = () =>
  new HttpError(503, 'manutenzione', 'Il portale è in manutenzione. Riprova più tardi.');
