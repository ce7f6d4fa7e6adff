/**
 * Registers the service worker of the built SPA (web/public/sw.js): the app installs as a web app and
 * opens without a network; the cart lives in local storage and is kept either way. Only in a
 * production build (the dev server's modules are not hashed assets).
 */
export function registraServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // Without a worker (a private window that refuses it) the portal works as before, online only.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
