import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Names whose values never reach a log line, wherever they appear (query, body, nested, headers). */
const SECRET_NAMES = new Set([
  'password', 'pass', 'pwd', 'token', 'sid', 'admin_sid', '__host-sid', '__host-admin_sid', 'new_password',
  'password_attuale', 'nuova_password', 'passwordhash', 'password_hash', 'cookie', 'set-cookie', 'authorization',
]);
const REDACTED = '[REDACTED]';
/** Nesting deeper than this is not walked but masked whole: a logged value cannot loop the walk. */
const MAX_DEPTH = 8;
/** More rounds of percent-decoding than any name needs; a name still changing after them is masked. */
const MAX_DECODE = 5;

/**
 * A name as a reader could end up taking it: '+' is a space, percent escapes decoded as many
 * times as they decode (`pass%2577ord` is `password` to a reader that decodes twice), lowercase;
 * null when it still changes after MAX_DECODE rounds.
 */
function decodedName(raw: string): string | null {
  let name = raw.replaceAll('+', ' ');
  for (let i = 0; i < MAX_DECODE; i++) {
    let next: string;
    try {
      next = decodeURIComponent(name);
    } catch {
      // The parser keeps a name it cannot decode as it came.
      return name.trim().toLowerCase();
    }
    if (next === name) return name.trim().toLowerCase();
    name = next;
  }
  return null;
}

/**
 * Whether a parameter or key carries a secret, by its decoded name and any part of it: `password`,
 * `Pass%77ord`, `password[]`, `utente[password]`, `utente.password`.
 */
export function isSecretName(raw: string): boolean {
  const name = decodedName(raw);
  if (name === null) return true;
  return SECRET_NAMES.has(name) || name.split(/[[\].]+/).some((part) => SECRET_NAMES.has(part.trim()));
}

/** A URL as it may be logged: the values of secret parameters are masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0 || !isSecretName(pair.slice(0, eq))) return pair;
    return `${pair.slice(0, eq)}=${REDACTED}`;
  });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of a logged value with the values of secret names masked at any depth (plain objects,
 * arrays, errors and their causes) and the secret parameters of any `url` masked. Other objects
 * (a request, a reply) are left to their serializers, which log only harmless fields.
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  if (value instanceof Error) {
    // A copy with the same prototype and its own non-enumerable message and stack: the error
    // serializer still sees an error, and the logged error itself is left untouched.
    const copy = Object.create(Object.getPrototypeOf(value) as object) as object;
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
      // Read from the original (a getter may need it) and defined, not assigned (postgres.js
      // defines its errors' fields read-only).
      const v: unknown = 'value' in d ? d.value : d.get?.call(value);
      const shown = d.enumerable || key === 'cause' ? maskEntry(key, v, depth) : v;
      Object.defineProperty(copy, key, { value: shown, enumerable: d.enumerable, writable: true, configurable: true });
    }
    return copy;
  }
  if (!isPlain(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskEntry(k, v, depth)]));
}

function maskEntry(key: string, value: unknown, depth: number): unknown {
  if (isSecretName(key)) return REDACTED;
  if (key === 'url' && typeof value === 'string') return redactUrl(value);
  return maskSecrets(value, depth + 1);
}

/** A request id as a load balancer writes one (nginx's $request_id, a UUID): a plain token, nothing to escape. */
const ID_RICHIESTA = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id (Fastify's req.id: `reqId` on its log lines, `requestId` in error bodies, the
 * X-Request-Id of the answer): the X-Request-Id it came with when that is a plain token, so that
 * one request can be followed from the load balancer through whichever process served it; else a
 * new UUID. A client that sets its own (nothing strips it without a proxy) only names its own
 * request in the logs; the pattern keeps anything else out of them.
 */
export function idRichiesta(req: IncomingMessage): string {
  const dato = req.headers['x-request-id'];
  return typeof dato === 'string' && ID_RICHIESTA.test(dato) ? dato : crypto.randomUUID();
}

export function loggerOptions(level: string) {
  return {
    level,
    formatters: {
      // Every logged object, before the serializers: one rule for every line, whatever it carries.
      log: (obj: Record<string, unknown>) => maskSecrets(obj) as Record<string, unknown>,
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
