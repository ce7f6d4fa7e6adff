/*
 * The portal's service worker: the built SPA only (docs/decisions/service-worker.md).
 * - /assets/ (hashed names, never changed under a name): cache first.
 * - a page (navigation): the network first, the last index.html only when the network fails.
 * - an agent's GET /api/ calls (the page marks them with X-Portale-Agente): the network first, the
 *   last JSON answer when the network fails, stamped with X-Portale-Salvato (when it was stored), in
 *   a cache of that agent alone; the page deletes it at logout, and another agent's call drops it.
 * - everything else, a customer's /api/ and every /media/ above all: the network, never cached.
 * When a navigation brings a different index.html (a new build), the assets' cache starts again
 * with the new build's entry files, so old builds do not pile up.
 */
const PAGINA = 'portale-pagina';
const ASSET = 'portale-asset';
const INDEX = '/index.html';
/** An agent's answers: portale-api-<agent's user code> (web/lib/datiSalvati.ts deletes them). */
const API = 'portale-api-';
const AGENTE = 'X-Portale-Agente';
const SALVATO = 'X-Portale-Salvato';
/** Answers kept per agent: the oldest go first beyond it. */
const MAX_RISPOSTE = 1500;
/** Calls never kept: sessions and logins, maintenance, the cart (it has its own copy on the device). */
const MAI = /^\/api\/(?:login|logout|sessione|manutenzione|carrello)(?:\/|$)/;

/** The entry files that index.html names (scripts, styles, preloads). */
function assetsDi(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
}

async function conservaIndex(res) {
  const html = await res.clone().text();
  const pagine = await caches.open(PAGINA);
  const prima = await pagine.match(INDEX);
  if (prima && (await prima.text()) === html) return;
  await caches.delete(ASSET);
  await (await caches.open(ASSET)).addAll(assetsDi(html));
  await pagine.put(INDEX, res);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(INDEX, { cache: 'no-cache' })
      .then((res) => (res.ok ? conservaIndex(res) : undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((nomi) => Promise.all(nomi.filter((n) => n !== PAGINA && n !== ASSET && !n.startsWith(API)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function assetCacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSET });
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) await (await caches.open(ASSET)).put(request, res.clone());
  return res;
}

async function paginaNetworkFirst(request) {
  try {
    const res = await fetch(request);
    const html = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/html');
    if (html) await conservaIndex(res.clone()).catch(() => {});
    return res;
  } catch (err) {
    const cached = await caches.match(INDEX, { cacheName: PAGINA });
    if (cached) return cached;
    throw err;
  }
}

async function conservaRisposta(nome, url, res) {
  const headers = new Headers(res.headers);
  headers.set(SALVATO, new Date().toISOString());
  headers.delete('Vary');
  const copia = new Response(await res.arrayBuffer(), { status: res.status, statusText: res.statusText, headers });
  // Another agent's answers on this device go at once (an agent change).
  const nomi = await caches.keys();
  await Promise.all(nomi.filter((n) => n.startsWith(API) && n !== nome).map((n) => caches.delete(n)));
  const cache = await caches.open(nome);
  await cache.put(url, copia);
  const chiavi = await cache.keys();
  await Promise.all(chiavi.slice(0, Math.max(0, chiavi.length - MAX_RISPOSTE)).map((k) => cache.delete(k)));
}

async function apiAgente(request, agente) {
  const nome = API + agente;
  try {
    const res = await fetch(request);
    if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/json')) {
      await conservaRisposta(nome, request.url, res.clone()).catch(() => {});
    }
    return res;
  } catch (err) {
    const cached = await caches.match(request.url, { cacheName: nome });
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const agente = request.headers.get(AGENTE);
  if (agente && /^[\w.-]{1,64}$/.test(agente) && url.pathname.startsWith('/api/') && !MAI.test(url.pathname)) {
    event.respondWith(apiAgente(request, agente));
    return;
  }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(assetCacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(paginaNetworkFirst(request));
});
