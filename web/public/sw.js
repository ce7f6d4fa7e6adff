/*
 * The portal's service worker: the built SPA only (docs/decisions/service-worker.md).
 * - /assets/ (hashed names, never changed under a name): cache first.
 * - a page (navigation): the network first, the last index.html only when the network fails.
 * - everything else, /api/ and /media/ above all: the network, never cached (customer data).
 * When a navigation brings a different index.html (a new build), the assets' cache starts again
 * with the new build's entry files, so old builds do not pile up.
 */
const PAGINA = 'portale-pagina';
const ASSET = 'portale-asset';
const INDEX = '/index.html';

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
      .then((nomi) => Promise.all(nomi.filter((n) => n !== PAGINA && n !== ASSET).map((n) => caches.delete(n))))
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

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(assetCacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(paginaNetworkFirst(request));
});
