import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES } from '../../shared/common.js';

function intOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * Page and size of a paged list, kept in the URL (start, limit) so that reload and back/forward
 * work (docs/regole/generale.md#pagination: sizes 25/50/100, default 50, a limit in the URL overrides).
 * Goes with <Pagination currentPage={page} totalPages={…} onPageChange={setPage} /> and a size
 * select offering `sizes`.
 */
export function usePaging() {
  const [params, setParams] = useSearchParams();
  const rawLimit = intOf(params.get('limit'));
  const limit = rawLimit !== null && rawLimit >= 1 && rawLimit <= MAX_PAGE_SIZE ? rawLimit : DEFAULT_PAGE_SIZE;
  const start = intOf(params.get('start')) ?? 0;
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
