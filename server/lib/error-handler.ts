import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { CodiceErrore } from '../../shared/codici-errore.js';
import type { ErroreApi } from '../../shared/errori.js';
import { isDatabaseUnreachable, isStatementTimeout, MSG_DATABASE_UNREACHABLE, outageLogger } from './database-unreachable.js';
import { HttpError } from './errors.js';

const MSG_ERRORE_INTERNO = 'Si è verificato un errore interno.';

const FIELD_NAMES: Record<string, string> = { querystring: 'parametro', body: 'campo', params: 'percorso' };

interface Issue { code?: string; path?: PropertyKey[]; message: string; errors?: Issue[][] }

/**
 * The issue a 400 shows, and the path to it. When a union fails as a whole (browserInfo: an object
 * or its JSON text), the issue is the one of the member the value was meant for: the only member
 * that did not refuse the value for its type alone.
 */
function shownIssue(path: string[], issue: Issue): { path: string[]; message: string } {
  const meant = issue.code !== 'invalid_union' ? [] : (issue.errors ?? [])
    .filter((member) => !(member.length === 1 && member[0]!.code === 'invalid_type' && !member[0]!.path?.length));
  const inner = meant.length === 1 ? meant[0]![0] : undefined;
  return inner ? shownIssue([...path, ...(inner.path ?? []).map(String)], inner) : { path, message: issue.message };
}

/** The flags older clients read beside the code (a 503 `{manutenzione: 1}` is documented to API clients). */
const FLAG: Partial<Record<CodiceErrore, Pick<ErroreApi, 'manutenzione' | 'cambio_password'>>> = {
  manutenzione: { manutenzione: 1 },
  cambio_password_richiesto: { cambio_password: 1 },
};

/** The body of every error answer (shared/errori.ts), also for answers written outside the handler. */
export const corpoErrore = (code: CodiceErrore, msg: string, requestId: string, campi?: Readonly<Record<string, string>>): ErroreApi =>
  ({ code, msg, requestId, ...FLAG[code], ...(campi && Object.keys(campi).length ? { campi: { ...campi } } : {}) });

/** One place that turns every thrown error into the JSON answer of docs/regole/generale.md#answers-and-errors. */
export function registerErrorHandler(app: FastifyInstance): void {
  const outage = outageLogger();
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const requestId = req.id;
    if (err instanceof HttpError) {
      // A service the app needs did not answer (the media store): what it said goes to the log.
      if (err.statusCode >= 500 && err.cause) req.log.warn({ err: err.cause }, err.message);
      return reply.status(err.statusCode).headers(err.headers).send(corpoErrore(err.code, err.message, requestId, err.campi));
    }
    // Not the request's fault nor a bug: say so, and let the client try again shortly.
    if (isDatabaseUnreachable(err)) {
      outage(req.log, err, 'database non raggiungibile: risposte 503');
      return reply.status(503).header('Retry-After', '5').send(corpoErrore('database_non_raggiungibile', MSG_DATABASE_UNREACHABLE, requestId));
    }
    // A statement cut by statement_timeout: the database is overloaded or a query is too slow for
    // it; the client may retry, and the log keeps the statement to look into.
    if (isStatementTimeout(err)) {
      req.log.warn({ err }, 'istruzione interrotta da statement_timeout: risposta 503');
      return reply.status(503).header('Retry-After', '5').send(corpoErrore('database_non_raggiungibile', MSG_DATABASE_UNREACHABLE, requestId));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => shownIssue(v.instancePath.split('/').filter(Boolean), {
        code: v.keyword, message: v.message ?? 'valore non valido', errors: (v.params as { errors?: Issue[][] }).errors,
      }));
      const shown = issues[0]!;
      const where = FIELD_NAMES[err.validationContext ?? ''] ?? 'campo';
      const msg = shown.path.length
        ? `Dati non validi (${where} ${shown.path.join('.')}): ${shown.message}`
        : `Dati non validi: ${shown.message}`;
      // Every field refused, its first message: a form shows each under its field.
      const campi: Record<string, string> = {};
      for (const i of issues) if (i.path.length) campi[i.path.join('.')] ??= i.message;
      return reply.status(400).send(corpoErrore('dati_non_validi', msg, requestId, campi));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'risposta non conforme allo schema');
      return reply.status(500).send(corpoErrore('errore_interno', MSG_ERRORE_INTERNO, requestId));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send(corpoErrore('file_troppo_grande', 'Il file o la richiesta supera la dimensione massima consentita.', requestId));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(corpoErrore('formato_non_supportato', 'Formato della richiesta non supportato.', requestId));
    }
    if (status === 429) {
      return reply.status(429).send(corpoErrore('troppi_tentativi', 'Troppe richieste. Riprova tra qualche minuto.', requestId));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(corpoErrore('richiesta_non_valida', 'Richiesta non valida.', requestId));
    }
    req.log.error({ err }, 'errore interno');
    return reply.status(500).send(corpoErrore('errore_interno', MSG_ERRORE_INTERNO, requestId));
  });
}
