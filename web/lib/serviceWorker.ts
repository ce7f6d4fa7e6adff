/**
 * Registers the service worker of the built SPA (web/public/sw.js): the app installs as a web app and
 * opens without a network; the cart lives in local storage and is kept either way. Only in a
 * production build (the dev server's modules are not hashed assets).
 */
export function registraServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Without a worker (a private window that refuses it) the portal works as before, online only.
  const registra = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // After the page's load, not to compete with it; called once the page has loaded, at once.
  if (document.readyState === 'complete') registra();
  else window.addEventListener('load', registra, { once: true });
}
