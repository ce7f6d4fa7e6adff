import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers, worked out once. (@fastify/helmet builds its middleware again, and
 * parses the CSP again, on every request.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}
