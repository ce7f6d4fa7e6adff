import { Logger } from 'graphile-worker';
import { isDatabaseUnreachable, outageLogger } from '../lib/database-unreachable.js';

interface Log {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

/**
 * graphile-worker's messages into the app's log: errors and warnings only (the rest is chatter).
 * A database that went away is one warning per outage, as for the rest of the app
 * (outageLogger), not one line per listener retry. The error is logged by its message and code:
 * node-postgres hangs its whole client on it.
 */
export function loggerDi(log: Log | undefined): Logger {
  const outage = outageLogger();
  return new Logger((scope) => (level, message, meta) => {
    if (!log || (level !== 'error' && level !== 'warning')) return;
    const err = (meta as { error?: unknown } | undefined)?.error;
    const breve = err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err;
    const dati = { ...scope, ...(breve === undefined ? {} : { err: breve }) };
    if (isDatabaseUnreachable(err) || /ECONNREFUSED|terminating connection|shutting down|not queryable/.test(message)) {
      outage(log, dati, 'Coda lavori: database non raggiungibile, lavori sospesi');
    } else if (level === 'error') log.error(dati, `Coda lavori: ${message}`);
    else log.warn(dati, `Coda lavori: ${message}`);
  });
}
