import { getUtente } from './storage';

/** How long after the page's load the worker is registered (see below). */
const RITARDO_MS = 5000;

/**
 * Registers the service worker of the built SPA (web/public/sw.js): the app installs as a web app and
 * opens without a network; the cart lives in local storage and is kept either way. Only in a
 * production build (the dev server's modules are not hashed assets).
 */
export function registraServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Without a worker (a private window that refuses it) the portal works as before, online only.
  const registra = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // Its install downloads the entry files again and index.html: a few seconds after the page's
  // load, not to compete with the page's own pictures and calls on a phone's connection.
  // An agent's device keeps pages for going offline (docs/decisions/service-worker.md#agents-offline): at once.
  const dopoIlCarico = () => setTimeout(registra, getUtente()?.agente ? 0 : RITARDO_MS);
  if (document.readyState === 'complete') dopoIlCarico();
  else window.addEventListener('load', dopoIlCarico, { once: true });
}
