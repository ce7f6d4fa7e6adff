import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = new Set(['password', 'pass', 'pwd', 'token', 'sid', 'admin_sid', 'new_password', 'password_attuale', 'nuova_password']);
const REDACTED = '[REDACTED]';

/** A parameter name as the query parser reads it: '+' is a space, %XX escapes decoded. */
function decodedName(raw: string): string {
  const name = raw.replaceAll('+', ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    // The parser keeps a name it cannot decode as it came.
    return name;
  }
}

/**
 * A URL as it may be logged: the values of secret parameters are masked, judged by the name the
 * app reads (so `pass%77ord=` is masked like `password=`).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0 || !SECRET_PARAMS.has(decodedName(pair.slice(0, eq)).trim().toLowerCase())) return pair;
    return `${pair.slice(0, eq)}=${REDACTED}`;
  });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
        '*.password', '*.passwordHash', '*.password_hash', 'body.password', '*.password_attuale', '*.nuova_password',
        // An error may carry the URL of its request (a response that fails its schema does).
        'err.url',
      ],
      censor: (value: unknown, path: string[]) =>
        (path.at(-1) === 'url' && typeof value === 'string' ? redactUrl(value) : REDACTED),
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
