/**
 * Navigation from outside the router's components (the API client, the SPA's links): main.tsx
 * registers the router's navigate function; before that, or in tests, it falls back to a full page load.
 */
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => unknown;

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

/**
 * Where a link of the SPA leads (web/components/Collegamento.tsx). As react-router's `Link`: the
 * address already shown replaces its history entry instead of adding one.
 */
export function segui(to: string, state?: unknown): void {
  const { pathname, search, hash } = window.location;
  if (navigateFn) void navigateFn(to, { replace: pathname + search + hash === to, state });
  else window.location.assign(to);
}
