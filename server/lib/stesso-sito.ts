import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

export const MSG_ALTRO_SITO = 'Richiesta rifiutata: proviene da un altro sito. Apri il portale dal suo indirizzo e riprova.';

/**
 * Defence in depth beside the session cookie's SameSite=Strict: an API call that a page of another
 * site made the browser send is refused before its session or input is looked at. Browsers say so
 * in `Sec-Fetch-Site` (anything but same-origin, or none for a typed address or bookmark) and in
 * `Origin`, whose host must be the one the request was sent to (req.host follows X-Forwarded-Host
 * behind a trusted proxy; the scheme is left out because a TLS-terminating proxy changes it).
 * Every call is held to it, reads included: the SPA only ever calls from its own origin, and the
 * spec has calls that change data over GET. Server-to-server calls (the ERP's token) send neither
 * header and pass.
 */
export function verificaStessoSito(req: FastifyRequest): void {
  const sito = req.headers['sec-fetch-site'];
  if (sito !== undefined && sito !== 'same-origin' && sito !== 'none') throw forbidden(MSG_ALTRO_SITO);
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // 'null' (a sandboxed frame, a redirect across sites) or garbage: not this site.
    throw forbidden(MSG_ALTRO_SITO);
  }
  if (host.toLowerCase() !== req.host.toLowerCase()) throw forbidden(MSG_ALTRO_SITO);
}
