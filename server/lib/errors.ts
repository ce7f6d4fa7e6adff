/** An error with an HTTP status and an Italian message, turned into JSON by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = (msg = 'Sessione scaduta o non valida: effettua di nuovo il login.') => new HttpError(401, msg);
export const forbidden = (msg = 'Operazione non consentita per questo utente.') => new HttpError(403, msg);
export const notFound = (msg = 'Risorsa non trovata.') => new HttpError(404, msg);
/** 429 with Retry-After: how long to wait is the answer, not a request held open. */
export const tooManyRequests = (msg: string, retryAfterSeconds: number) =>
  new HttpError(429, msg, {}, { 'retry-after': String(retryAfterSeconds) });
export const inMaintenance = () =>
  new HttpError(503, 'Il portale è in manutenzione. Riprova più tardi.', { manutenzione: 1 });
