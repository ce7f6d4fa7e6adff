/** What a customer reads while the database cannot be reached (HTTP 503). */
export const MSG_DATABASE_UNREACHABLE = 'Servizio momentaneamente non disponibile: riprova tra qualche istante.';

/** Socket errors of Node and postgres.js's own connection errors. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
  'CONNECTION_ENDED', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up or in recovery) and too_many_connections.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * True when `err` says the database could not be reached or dropped the connection, as opposed
 * to a statement that failed. Looks through drizzle's DrizzleQueryError (`cause`) and Node's
 * AggregateError (one error per address tried).
 */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code) || SERVER_CODES.has(code)) return true;
    // Class 08: connection exception (08000, 08003, 08006…).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable((err as { cause?: unknown }).cause, depth + 1);
}

/** query_canceled by statement_timeout (57014), also inside drizzle's wrapped errors. */
export function isStatementTimeout(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if ((err as { code?: unknown }).code === '57014') return true;
  return isStatementTimeout((err as { cause?: unknown }).cause, depth + 1);
}

interface Log {
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

/** Failures closer together than this belong to the same outage. */
const OUTAGE_GAP_MS = 60_000;

/**
 * Logs the first failure of an outage as a warning and the others at debug level: under load an
 * outage fails every call, and one line says all there is to say.
 */
export function outageLogger(): (log: Log, err: unknown, msg: string) => void {
  let last = -Infinity;
  return (log, err, msg) => {
    const now = Date.now();
    const first = now - last > OUTAGE_GAP_MS;
    last = now;
    if (first) log.warn({ err }, msg);
    else log.debug({ err }, msg);
  };
}
