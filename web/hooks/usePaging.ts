import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, pagingDi } from '../../shared/paginazione.js';

/** Where a paged list is: its first row and page size, the 1-based page they make, and the way to another page. */
export interface Pagina {
  start: number;
  limit: number;
  page: number;
  setPage: (page: number) => void;
}

/** The paging of usePaging: a Pagina whose size can change too. */
export type Paging = ReturnType<typeof usePaging>;

/**
 * Page and size of a paged list, kept in the URL (start, limit) so that reload and back/forward
 * work (docs/regole/generale.md#pagination: sizes 25/50/100, default 50, a limit in the URL overrides).
 * Goes with <PagineElenco paging={…} /> and <PerPagina paging={…} /> (components/Pagination.tsx).
 */
export function usePaging() {
  const [params, setParams] = useSearchParams();
  const { start, limit } = pagingDi(params);
  const page = Math.floor(start / limit) + 1;
  /** PAGE_SIZES, plus the URL's own limit when it is none of them. */
  const sizes: number[] = (PAGE_SIZES as readonly number[]).includes(limit) ? [...PAGE_SIZES] : [...PAGE_SIZES, limit].sort((a, b) => a - b);

  const go = (nextStart: number, nextLimit: number) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('start', String(nextStart));
      next.set('limit', String(nextLimit));
      return next;
    });
  };
  /** start = (page-1) × limit, then back to the top. */
  const setPage = (p: number) => {
    go((p - 1) * limit, limit);
    window.scrollTo({ top: 0 });
  };
  /** A new page size starts again from the first row. */
  const setLimit = (l: number) => go(0, l);
  return { start, limit, page, sizes, setPage, setLimit };
}

/**
 * The paging of a short list inside a page (a detail's history, a run's refused rows): a fixed
 * size, the start in the component's state, not in the URL (the page has other lists).
 */
export function usePagingLocale(limit: number): Pagina {
  const [start, setStart] = useState(0);
  return { start, limit, page: Math.floor(start / limit) + 1, setPage: (p) => setStart((p - 1) * limit) };
}
