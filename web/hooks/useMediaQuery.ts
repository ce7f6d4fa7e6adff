import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept current as the window changes: read at the first render
 * (no second layout once mounted), for a layout that CSS alone cannot choose (a component's own
 * threshold).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (avvisa) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', avvisa);
      return () => m.removeEventListener('change', avvisa);
    },
    () => window.matchMedia(query).matches,
  );
}
