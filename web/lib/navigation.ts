/**
 * Navigation from outside React components (the API client): main.tsx registers the router's
 * navigate function; before that, or in tests, it falls back to a full page load.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => unknown;

let navigateFn: Navigate | null = null;

export function registerNavigate(fn: Navigate): void {
  navigateFn = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (window.location.pathname === to) return;
  if (navigateFn) void navigateFn(to, opts);
  else if (opts.replace) window.location.replace(to);
  else window.location.assign(to);
}
