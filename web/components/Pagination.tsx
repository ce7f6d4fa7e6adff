import type { Pagina, Paging } from '../hooks/usePaging';
import { SelectField } from './form/SelectField';
import './pagination.css';

/**
 * The pages to show (docs/regole/generale.md#pagination): a block of 5 numbers around the current page, then
 * '...' and the last page when there are more than 5 pages and the current page is more than 2
 * before the last.
 */
export function pageItems(current: number, total: number): (number | 'ellipsis')[] {
  if (total < 1) return [];
  const size = Math.min(5, total);
  let first = Math.max(1, current - 2);
  if (first + size - 1 > total) first = total - size + 1;
  const items: (number | 'ellipsis')[] = [];
  for (let p = first; p < first + size; p++) items.push(p);
  if (total > 5 && current < total - 2 && first + size - 1 < total) items.push('ellipsis', total);
  return items;
}

/**
 * Page navigation of the paged lists (category, search, flyer, brand, new products, admin lists):
 * 'Precedente' (disabled on page 1), numbered pages, 'Avanti' (disabled on the last page).
 * Pages are 1-based; the parent turns a page into start = (page-1) × limit and scrolls to the top.
 */
export function Pagination({ currentPage, totalPages, onPageChange, disabled = false, label = 'Paginazione' }: {
  /** 1-based current page. */
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** While a page loads. */
  disabled?: boolean;
  /** Accessible name of the navigation landmark. */
  label?: string;
}) {
  if (totalPages < 1) return null;
  const go = (page: number) => {
    if (page >= 1 && page <= totalPages && page !== currentPage) onPageChange(page);
  };
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn-sm" disabled={disabled || currentPage <= 1} onClick={() => go(currentPage - 1)}>
        Precedente
      </button>
      <ul>
        {pageItems(currentPage, totalPages).map((item, i) =>
          item === 'ellipsis' ? (
            <li key={`e${i}`} className="pagination-ellipsis" aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`btn btn-sm pagination-page${item === currentPage ? ' is-current' : ''}`}
                aria-label={`Pagina ${item}`}
                aria-current={item === currentPage ? 'page' : undefined}
                disabled={disabled && item !== currentPage}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="btn btn-sm" disabled={disabled || currentPage >= totalPages} onClick={() => go(currentPage + 1)}>
        Avanti
      </button>
    </nav>
  );
}

/**
 * The pages under a paged list (usePaging, usePagingLocale), in a centred row (`list-paging`, or the
 * list's own class), only when there is more than one; they wait while a page loads.
 */
export function PagineElenco({ paging, pagine, caricando, label, className = 'list-paging' }: {
  paging: Pagina;
  /** How many pages (0 while the first page loads). */
  pagine: number;
  caricando: boolean;
  /** Accessible name of the navigation landmark: 'Pagine clienti'. */
  label: string;
  className?: string;
}) {
  if (pagine <= 1) return null;
  return (
    <div className={className}>
      <Pagination currentPage={paging.page} totalPages={pagine} onPageChange={paging.setPage} disabled={caricando} label={label} />
    </div>
  );
}

/** The page size of a paged list (usePaging's sizes), a select beside its other controls: 'Clienti per pagina'. */
export function PerPagina({ paging, label, className }: { paging: Paging; label: string; className?: string }) {
  return (
    <SelectField
      layout="inline"
      className={className}
      label={label}
      value={paging.limit}
      options={paging.sizes.map((n) => ({ value: n, label: String(n) }))}
      onChange={(e) => paging.setLimit(Number(e.target.value))}
    />
  );
}
