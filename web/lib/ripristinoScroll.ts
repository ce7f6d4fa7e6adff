import type { createBrowserRouter } from 'react-router-dom';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Back or forward to a long page (the 80th card of a category) must land where the user left it.
 * react-router's <ScrollRestoration> restores the position in a layout effect; under Preact the
 * components a context re-renders are drawn and committed one after the other, so that effect ran
 * while the page below it still showed the previous screen, and the position was clipped to that
 * screen's height (measured: 548 px where 6,686 were saved). After each change of location, this puts
 * the position the router restored back once the new page is drawn, before the next paint. Nothing
 * happens when it is already there (React, or a short page) or when the router restores none (a new
 * navigation goes to the top, or to its #hash).
 */
export function completaRipristinoScroll(router: Router): () => void {
  let ultima = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === ultima) return;
    ultima = state.location.key;
    const y = state.restoreScrollPosition;
    if (typeof y !== 'number') return;
    requestAnimationFrame(() => {
      if (window.scrollY !== y && router.state.location.key === ultima) window.scrollTo(0, y);
    });
  });
}

/**
 * Whether the document's own load opens at the top: a link followed or an address typed, not a
 * reload or a step back or forward, where the router restores the scroll position right after the
 * first render and what it scrolls to must be drawn by then.
 */
export function caricamentoInCima(): boolean {
  const voce = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return voce?.type === 'navigate';
}
