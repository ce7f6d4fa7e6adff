import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:password|pass|pwd|token|sid|admin_sid|new_password|password_attuale|nuova_password)=)[^&]*/gi;

/** A URL as it may be logged: secrets in the query string are masked. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[REDACTED]');

export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
        '*.password', '*.passwordHash', '*.password_hash', 'body.password', '*.password_attuale', '*.nuova_password',
      ],
      censor: '[REDACTED]',
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
