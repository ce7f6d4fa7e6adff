import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Search debounce: 500 ms. */
const DEBOUNCE_MS = 500;
/** The search term in the URL, beside start and limit, so that back from a detail finds the same page. */
const PARAM = 'stringa';

/**
 * The admin search is trimmed and lowercased; an empty term is ignored, every row shows (docs/regole/admin.md#admin-search).
 * The server trims too; lowercasing here keeps one cache entry per search, whatever the case.
 */
export function normalizzaRicerca(testo: string): string {
  return testo.trim().toLowerCase();
}

/**
 * The search box of a paged admin list: `testo` is what is typed, `stringa` the normalised term in
 * the URL that the query reads. The term reaches the URL once typing pauses (500 ms) and a new
 * term starts from the first page; back/forward moves the box with the URL.
 */
export function useRicercaNellUrl() {
  const [params, setParams] = useSearchParams();
  const stringa = normalizzaRicerca(params.get(PARAM) ?? '');
  const [testo, setTesto] = useState(stringa);

  useEffect(() => {
    setTesto((t) => (normalizzaRicerca(t) === stringa ? t : stringa));
  }, [stringa]);

  useEffect(() => {
    const next = normalizzaRicerca(testo);
    if (next === stringa) return;
    const timer = window.setTimeout(() => {
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set(PARAM, next);
        else p.delete(PARAM);
        p.set('start', '0');
        return p;
      }, { replace: true });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [testo, stringa, setParams]);

  return { stringa, testo, setTesto };
}
