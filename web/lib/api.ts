import type { Chiamata } from '../../shared/chiamata.js';
import type { AnyContract, InputOf, OutputOf } from '../../shared/contract.js';
import { CODICI_ERRORE, type CodiceErrore } from '../../shared/codici-errore.js';
import { paths } from '../paths';
import { marcaAgente, notaRisposta } from './datiSalvati';
import { navigateTo } from './navigation';
import { clearCustomerStorage, removeStored, STORAGE_KEYS } from './storage';

/**
 * The fetch client of the SPA. Every call is made through its route (shared/rotte/<area>.ts), typed
 * by its contract: the request goes to /api/<path> on the same origin with the session cookie (POST
 * with a JSON body when the call accepts it, else GET with a query string). The server validates
 * the input and its own answer against the contract's schemas; the browser builds none of them on
 * its first load (docs/decisions/zod-nel-browser.md), and forms check their input with the
 * schema before sending (useModulo). Failures become an ApiError
 * carrying the server's Italian `msg`, its machine `code` (shared/errori.ts: what to test) and the
 * HTTP status (0 when the server could not be reached).
 *
 *   const n = await callApi(accessoRotte.manutenzione, {});
 *   const r = await callApi(accessoRotte.loginBackend, { username, password });
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 for a transport error (server unreachable, aborted, invalid JSON). */
    readonly status: number,
    /** The Italian message to show (the server's `msg` when it sent one). */
    message: string,
    readonly details: { code?: CodiceErrore; requestId?: string; body?: unknown; cause?: unknown } = {},
  ) {
    super(message);
  }

  /** The server's code for this error; undefined when no answer of the server carried one. */
  get code(): CodiceErrore | undefined {
    return this.details.code;
  }

  /** The server answered 'manutenzione': the SPA has already moved to /manutenzione. */
  get maintenance(): boolean {
    return this.code === 'manutenzione';
  }

  /** The server answered 'cambio_password_richiesto': the SPA has already moved to /cambia-password. */
  get cambioPassword(): boolean {
    return this.code === 'cambio_password_richiesto';
  }

  /** The fields a 400 refused, each with its message (shared/errori.ts `campi`), read leniently; undefined without. */
  get campi(): Readonly<Record<string, string>> | undefined {
    const campi = (this.details.body as { campi?: unknown } | undefined)?.campi;
    if (typeof campi !== 'object' || campi === null) return undefined;
    const letti = Object.entries(campi).filter((e): e is [string, string] => typeof e[1] === 'string');
    return letti.length ? Object.fromEntries(letti) : undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Appended to the URL; null/undefined values are left out. */
  query?: QueryParams;
  /** JSON-encoded unless it is FormData (multipart) or URLSearchParams (form-encoded). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * What a 401 does. 'redirect' (default): forget the area's stored session and go to its login
   * (the customer login for shop pages, /admin for admin pages). 'throw': only throw.
   */
  on401?: 'redirect' | 'throw';
}

/**
 * Whether the service looked unavailable at the last call that told: a 502/503/504 that is not
 * maintenance, or no answer at all. The next successful answer clears it. The app banner
 * (components/ServiceBanner) listens; this module only tells.
 */
let unavailable = false;
const statusListeners = new Set<() => void>();
export const serviceStatus = {
  unavailable: (): boolean => unavailable,
  subscribe(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};
function setUnavailable(value: boolean): void {
  if (value === unavailable) return;
  unavailable = value;
  for (const listener of statusListeners) listener();
}

/**
 * An error body (shared/errori.ts) read leniently: a code this build does not know (a newer server)
 * still shows its msg; a body without one (a proxy's page) is no error body.
 */
function erroreLetto(body: unknown): { msg: string; code?: CodiceErrore; requestId?: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { msg, code, requestId } = body as Record<string, unknown>;
  if (typeof msg !== 'string') return undefined;
  return {
    msg,
    code: CODICI_ERRORE.find((c) => c === code),
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

export const MSG_NETWORK = 'Impossibile contattare il server. Controlla la connessione e riprova.';
const MSG_INVALID = 'Risposta del server non valida.';

export function buildUrl(path: string, query?: QueryParams): string {
  const base = path.startsWith('/') ? path : `/api/${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

function isAdminArea(): boolean {
  const p = window.location.pathname;
  return p === paths.adminHome.path || p === paths.adminLogin.path || p.startsWith(`${paths.adminLogin.path}/`);
}

function handleUnauthorized(): void {
  if (isAdminArea()) {
    if (window.location.pathname === paths.adminLogin.path) return;
    removeStored(STORAGE_KEYS.user);
    navigateTo(paths.adminLogin.path, { replace: true });
  } else {
    const p = window.location.pathname;
    if (p === paths.login.path || p === paths.loginAlias.path) return;
    clearCustomerStorage();
    navigateTo(paths.login.path, { replace: true });
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  // An agent's calls are marked: the service worker keeps their answers for offline use (datiSalvati.ts).
  const headers: Record<string, string> = { Accept: 'application/json', ...marcaAgente(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof URLSearchParams) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    setUnavailable(true);
    throw new ApiError(0, MSG_NETWORK, { cause });
  }
  if (res.ok) setUnavailable(false);
  notaRisposta(res);
  return res;
}

/** Turns a non-2xx answer into an ApiError, after the global reactions (maintenance, 401). */
async function failure(res: Response, opts: RequestOptions): Promise<never> {
  const body = await readBody(res);
  const letto = erroreLetto(body);
  const msg = letto?.msg ?? `Errore del server (HTTP ${res.status}).`;
  const code = letto?.code;
  const maintenance = code === 'manutenzione';
  if (maintenance) navigateTo(paths.manutenzione.path, { replace: true });
  // Maintenance has its own page; a proxy's 502/504 means the server itself is not there.
  if (maintenance) setUnavailable(false);
  else if (res.status === 502 || res.status === 503 || res.status === 504) setUnavailable(true);
  if (res.status === 401 && (opts.on401 ?? 'redirect') === 'redirect') handleUnauthorized();
  // A temporary password (docs/regole/accesso.md#temporary-passwords): every customer call but the change itself answers 403.
  if (code === 'cambio_password_richiesto' && !isAdminArea() && window.location.pathname !== paths.cambiaPassword.path) {
    navigateTo(paths.cambiaPassword.path, { replace: true });
  }
  throw new ApiError(res.status, msg, {
    code,
    requestId: letto?.requestId,
    body,
  });
}

/** Calls /api/<path> and reads its JSON answer (an answer that is not JSON is refused). */
async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (!res.ok) return failure(res, opts);
  return letta<T>(res);
}

/** The answer of a call: JSON, as the server checked it against the contract; anything else is refused. */
async function letta<T>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError(res.status, MSG_INVALID, { body: text, cause });
  }
}

export type CallOptions = Omit<RequestOptions, 'query' | 'body' | 'method'>;

/** Makes one API call through its route; an input the server refuses comes back as an ApiError with its words. */
export async function callApi<C extends AnyContract>(c: Chiamata<C>, input: InputOf<C>, opts: CallOptions = {}): Promise<OutputOf<C>> {
  const post = c.methods.includes('POST');
  return request<OutputOf<C>>(c.path, post
    ? { ...opts, method: 'POST', body: input ?? {} }
    : { ...opts, method: 'GET', query: input as QueryParams });
}

export interface UploadOptions {
  /** Called as the request body goes out: bytes sent and total. */
  onProgress?: (inviati: number, totale: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends an upload call (a contract with `upload`): the text fields, then the files, as
 * multipart/form-data. XMLHttpRequest rather than fetch because only it
 * reports upload progress. Failures become ApiErrors as with callApi (413 with the server's words).
 */
export async function uploadApi<C extends AnyContract>(
  c: Chiamata<C>,
  input: InputOf<C>,
  files: Record<string, readonly File[]>,
  opts: UploadOptions = {},
): Promise<OutputOf<C>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v !== undefined && v !== null) form.append(k, String(v));
  }
  for (const [campo, lista] of Object.entries(files)) for (const f of lista) form.append(campo, f, f.name);

  const res = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(c.path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => resolve(new Response(xhr.responseText, {
      status: xhr.status,
      headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
    }));
    xhr.onerror = () => {
      setUnavailable(true);
      reject(new ApiError(0, MSG_NETWORK));
    };
    xhr.onabort = () => reject(new DOMException('Caricamento annullato', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (!res.ok) return failure(res, {});
  setUnavailable(false);
  return letta<OutputOf<C>>(res);
}

/**
 * Downloads a file (e.g. a media file under /media/, an export) as a Blob; `onProgress` hears the
 * bytes received so far as they arrive (read from the answer's stream), for files that take a while.
 */
export async function downloadBlob(
  path: string, opts: Omit<RequestOptions, 'body'> & { onProgress?: (ricevuti: number) => void } = {},
): Promise<Blob> {
  const { onProgress, ...req } = opts;
  const res = await send(path, { ...req, headers: { Accept: '*/*', ...req.headers } });
  if (!res.ok) return failure(res, req);
  if (!onProgress || !res.body) return res.blob();
  const pezzi: Uint8Array<ArrayBuffer>[] = [];
  let ricevuti = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pezzi.push(value);
    ricevuti += value.byteLength;
    onProgress(ricevuti);
  }
  return new Blob(pezzi, { type: res.headers.get('Content-Type') ?? '' });
}

/**
 * The generic list error text (docs/regole/generale.md#list-states): 'Codice: {status}, Messaggio: {message}' for an answer of
 * the server, 'Errore: {message}' for a client-side error, else 'Si è verificato un errore'.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status > 0 ? `Codice: ${error.status}, Messaggio: ${error.message}` : `Errore: ${error.message}`;
  }
  if (error instanceof Error && error.message) return `Errore: ${error.message}`;
  return 'Si è verificato un errore';
}

/**
 * An answer that asking again would not change: a 4xx (the request itself is wrong: an unknown id,
 * a refused input) or maintenance. Neither the query client nor a 'Riprova' tries it again.
 */
export function erroreDefinitivo(error: unknown): boolean {
  return error instanceof ApiError && (error.maintenance || (error.status >= 400 && error.status < 500));
}

/** The plain message of an error, for an alert. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Si è verificato un errore';
}
