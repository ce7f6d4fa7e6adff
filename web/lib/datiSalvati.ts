import { getUtente } from './storage';

/**
 * An agent's answers kept on the device by the service worker (web/public/sw.js,
 * docs/decisions/service-worker.md#agents-offline): the mark that asks for them, when the answers a
 * page shows were stored (the worker's X-Portale-Salvato); web/lib/storage.ts forgets them. A customer's calls
 * carry no mark, so nothing of theirs is ever stored.
 */
const AGENTE = 'X-Portale-Agente';
const SALVATO = 'x-portale-salvato';

/** The event by which web/offline asks web/routes.tsx to load the screens an agent needs offline. */
export const PREPARA_OFFLINE = 'portale:prepara-offline';

/** The header that asks the worker to keep this call's answer: only in an agent's session. */
export function marcaAgente(): Record<string, string> {
  const u = getUtente();
  return u?.agente && u.utente_codice ? { [AGENTE]: u.utente_codice } : {};
}

/** The oldest stored answer each page (path and query) showed since the connection came back. */
const perPagina = new Map<string, string>();
const ascoltatori = new Set<() => void>();
const avvisa = () => ascoltatori.forEach((f) => f());

export const datiSalvati = {
  /** When the answers this page shows were stored (ISO), or null when they came from the server. */
  di: (pagina: string): string | null => perPagina.get(pagina) ?? null,
  subscribe(f: () => void): () => void {
    ascoltatori.add(f);
    return () => ascoltatori.delete(f);
  },
};

/**
 * Reads an answer's stamp: a stored answer marks the page that is open with its time; an answer
 * fresh from the server (the page's queries asked again once the connection is back) unmarks it.
 */
export function notaRisposta(res: Response): void {
  const salvato = res.headers.get(SALVATO);
  const pagina = `${window.location.pathname}${window.location.search}`;
  if (!salvato) {
    if (res.ok && perPagina.delete(pagina)) avvisa();
    return;
  }
  const prima = perPagina.get(pagina);
  if (prima && prima <= salvato) return;
  perPagina.set(pagina, salvato);
  avvisa();
}

if (typeof window !== 'undefined') {
  // Back online, the pages' queries are asked again (TanStack Query's reconnect): fresh answers.
  window.addEventListener('online', () => {
    perPagina.clear();
    avvisa();
  });
}
