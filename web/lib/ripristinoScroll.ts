import type { createBrowserRouter } from 'react-router-dom';

type Router = ReturnType<typeof createBrowserRouter>;

/** Until the first change of location in the SPA (suPrimaPagina). */
let primaPagina = true;

/**
 * Back or forward to a long page (the 80th card of a category) must land where the user left it.
 * react-router's <ScrollRestoration> restores the position in a layout effect; under Preact the
 * components a context re-renders are drawn and committed one after the other, so that effect ran
 * while the page below it still showed the previous screen, and the position was clipped to that
 * screen's height (measured: 548 px where 6,686 were saved). After each change of location, this puts
 * the position the router restored back once the new page is drawn, before the next paint. Nothing
 * happens when it is already there (React, or a short page) or when the router restores none (a new
 * navigation goes to the top, or to its #hash). The document's first page waits until it is tall
 * enough (ripristinoAlCaricamento).
 */
export function completaRipristinoScroll(router: Router): () => void {
  let ultima = router.state.location.key;
  let primaRipristinata = false;
  return router.subscribe((state) => {
    if (state.location.key === ultima) {
      // The first page's position comes once the router's restoration starts (<ScrollRestoration> mounted).
      const y = state.restoreScrollPosition;
      if (primaPagina && !primaRipristinata && typeof y === 'number') {
        primaRipristinata = true;
        ripristinoAlCaricamento(router, y);
      }
      return;
    }
    ultima = state.location.key;
    primaPagina = false;
    const y = state.restoreScrollPosition;
    if (typeof y !== 'number') return;
    requestAnimationFrame(() => {
      if (window.scrollY !== y && router.state.location.key === ultima) window.scrollTo(0, y);
    });
  });
}

/**
 * Whether the page shown is still the one the document loaded with (no navigation in the SPA yet):
 * there a page may be drawn in steps (the shop's frame first, a list's cards a few at a time), since
 * a position to restore waits for it (below).
 */
export const suPrimaPagina = (): boolean => primaPagina;

/**
 * A reload, or a step back or forward into the portal from another site, restores the position the
 * page had; the router tries at its first render, when the page is not drawn yet (the shop draws it a
 * task after its frame, a list when its answer comes). Put back as soon as the page is tall enough
 * for it, within 10 s, unless the user has scrolled or moved on meanwhile.
 */
function ripristinoAlCaricamento(router: Router, y: number): void {
  // A page opened anew (a link, an address typed) starts at the top: its first location's key is
  // 'default' like any other document's, so the router restored a position saved by another one
  // (measured: /home2 opened at 350 px after a category left at 245).
  if (apertaDaCapo()) {
    // After the router's own attempt (a layout effect of its first render with that position).
    if (!window.location.hash) requestAnimationFrame(() => window.scrollTo(0, 0));
    return;
  }
  if (y <= 0) return;
  const chiave = router.state.location.key;
  const osservatore = new ResizeObserver(() => {
    if (router.state.location.key !== chiave) return smetti();
    if (document.documentElement.scrollHeight - window.innerHeight < y) return;
    window.scrollTo(0, y);
    smetti();
  });
  const INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const timer = setTimeout(() => smetti(), 10_000);
  function smetti() {
    osservatore.disconnect();
    clearTimeout(timer);
    for (const e of INPUT) window.removeEventListener(e, smetti);
  }
  for (const e of INPUT) window.addEventListener(e, smetti, { passive: true });
  osservatore.observe(document.body);
}

/** The document was opened anew (a link followed, an address typed), not reloaded nor reached by the browser's back or forward. */
export function apertaDaCapo(): boolean {
  const voce = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return voce?.type === 'navigate';
}
