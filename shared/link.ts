/** The longest link a banner may lead to. */
export const LINK_MAX = 2000;

/**
 * Where a banner leads: a path of the portal ('/volantini', '/ricerca?stringaRicerca=trapano') or an
 * http(s) address. Nothing else: no javascript:, data: or other schemes, no '//host' or '/\host'
 * (another site dressed as a path), no spaces, and never the API: a click would send a call
 * (some change data over GET) with the customer's session.
 */
export function linkValido(link: string): boolean {
  const percorso = /^\/(?![/\\])[^\s\\]*$/.test(link) ? link
    : /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?([/?#][^\s\\]*)?$/i.test(link)
      ? link.replace(/^https?:\/\/[^/?#]*/i, '') : undefined;
  return percorso !== undefined && !versoApi(percorso);
}

/** A path that the server would route to /api/, however it is written (%61pi, /./api, /x/../api, //api). */
function versoApi(percorso: string): boolean {
  let p = percorso.split(/[?#]/)[0]!;
  try {
    p = decodeURIComponent(p);
  } catch {
    // A broken escape: the server refuses such an address anyway; judge it as written.
  }
  const parti: string[] = [];
  for (const parte of p.split(/[/\\]/)) {
    if (parte === '..') parti.pop();
    else if (parte !== '' && parte !== '.') parti.push(parte);
  }
  return parti[0]?.toLowerCase() === 'api';
}
