import type { FastifyInstance } from 'fastify';

/**
 * Bodies of HTML forms (application/x-www-form-urlencoded), which prodotto/edit is documented to take;
 * every POST call then reads them like a JSON body (route.ts merges the query string in). Parsed
 * by Node's own URLSearchParams: @fastify/formbody would add a plugin and fast-querystring for
 * these few lines. A repeated field becomes a list, which a contract expecting text refuses with a
 * 400; Object.fromEntries defines '__proto__' as a plain field. The app's bodyLimit applies.
 * Sessions ride on SameSite=Strict cookies, so a form posted from another site carries none.
 */
export function registraFormUrlencoded(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const campi = new Map<string, string | string[]>();
    for (const [k, v] of new URLSearchParams(body as string)) {
      const prima = campi.get(k);
      campi.set(k, prima === undefined ? v : [prima, v].flat());
    }
    done(null, Object.fromEntries(campi));
  });
}
