import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, MouseEvent, ReactNode } from 'react';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Spinner } from './Spinner';
import './dataTable.css';

export interface Column<T> {
  key: string;
  /** Header text; wrap it in <span className="visually-hidden"> for a column without a visible title. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** 'end' for amounts and counts (right-aligned, tabular digits). */
  align?: 'start' | 'end' | 'center';
  /** On the header and every cell of the column (width, wrapping…). */
  className?: string;
  /** The cell's title when rows are drawn as cards on a phone: when the header is no plain text, or '' for none. */
  etichetta?: string;
}

/** The parts of a TanStack query a table reads; use `select` to hand it the rows. */
export type TableQuery<T> = Pick<UseQueryResult<readonly T[]>, 'data' | 'isPending' | 'isError' | 'error' | 'isFetching' | 'isPlaceholderData'>
  & { refetch: () => unknown };

/** Where the rows come from: a query (with its loading and error states) or rows already at hand. */
type Righe<T> = { query: TableQuery<T>; rows?: never } | { rows: readonly T[]; query?: never };

/** A row's React key: its `id` unless `rowKey` says otherwise; rows without an `id` need `rowKey`. */
type ChiaveRiga<T> = T extends { id: Key } ? { rowKey?: (row: T) => Key } : { rowKey: (row: T) => Key };
const perId = (row: unknown) => (row as { id: Key }).id;

/** A column's title for the phone's cards: its header when that is plain text. */
const etichettaDi = (c: Pick<Column<unknown>, 'header' | 'etichetta'>) =>
  (c.etichetta ?? (typeof c.header === 'string' ? c.header : undefined)) || undefined;

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';

/** Up to which width the rows are cards: a phone's for every table, a tablet's held sideways (up to 1200 px) for one too wide for it. */
const SCHEDE = { telefono: '(max-width: 600px)', tablet: '(max-width: 1200px)' } as const;

/**
 * A list as a dense table: typed columns, header sticky inside its own scroll box (which also
 * scrolls sideways on narrow screens), and the three states of a list as a row under the header:
 * loading (Spinner), empty (`empty`), error (docs/regole/generale.md#list-states and 'Riprova'). While another page loads
 * (placeholderData: keepPreviousData) the previous rows stay, dimmed.
 *
 *   const query = useQuery({ ...ordiniQuery(session), select: (d) => d.ordini });
 *   <DataTable label="Ordini" query={query} empty="Non ci sono ordini."
 *     columns={[{ key: 'id', header: 'Ordine #ID', cell: (o) => `#${o.id}` }, …]} />
 *
 * A row's key is its `id`; rows without one name theirs in `rowKey`.
 * Rows already at hand (a cart, an order's lines) go in `rows` instead of `query`. `onRowClick` is
 * a mouse shortcut: keep a link or button in a cell for the keyboard (clicks on controls inside a
 * row do not count as a row click). `actions` fills a last, untitled column that stays in view at
 * the right edge however far a wide table is scrolled. `footer` adds rows under the body (totals).
 * On a phone (dataTable.css) every row is a card: each cell a line of two aligned columns, its
 * column's title and its value, the actions at the card's foot, so that nothing needs sideways
 * scrolling; `schede="tablet"` keeps the cards up to a tablet's width, for a table whose columns
 * that matter would otherwise scroll out of a tablet's view.
 */
export function DataTable<T>({
  label, columns, rowKey, empty, loadingLabel, errorTitle, onRowClick, actions, rowClassName, isCurrent, footer, className,
  scrollClassName, schede = 'telefono', ...righe
}: Righe<T> & ChiaveRiga<T> & {
  /** Accessible name of the table (a hidden caption). */
  label: string;
  columns: readonly Column<T>[];
  /** The empty text of the spec, or a whole empty state. */
  empty: ReactNode;
  loadingLabel?: string;
  /** The spec's title of a failed load (default: the generic one of ErrorState). */
  errorTitle?: string;
  onRowClick?: (row: T) => void;
  actions?: (row: T) => ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** The row of the thing in use (aria-current), e.g. the session's client. */
  isCurrent?: (row: T) => boolean;
  /** Rows of a <tfoot> (totals), as <tr> elements. */
  footer?: ReactNode;
  className?: string;
  /** On the scroll box (e.g. a dropdown's own height). */
  scrollClassName?: string;
  /** Up to which screen the rows are cards (default: a phone's). */
  schede?: keyof typeof SCHEDE;
}) {
  const comeSchede = useMediaQuery(SCHEDE[schede]);
  const span = columns.length + (actions ? 1 : 0);
  const { query } = righe;
  const rows = query ? query.data : righe.rows;
  let state: ReactNode = null;
  if (query?.isPending) state = <Spinner label={loadingLabel} size="lg" showLabel={!!loadingLabel} block />;
  else if (query?.isError) state = <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  else if (rows?.length === 0) state = typeof empty === 'string' ? <EmptyState title={empty} /> : empty;

  const click = onRowClick && ((row: T, e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest(INTERACTIVE)) return;
    onRowClick(row);
  });
  const alignClass = (c: Column<T>) => [c.align === 'end' ? 'num' : c.align === 'center' ? 'data-table-center' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`table-scroll data-table-scroll${comeSchede ? ' data-table-schede' : ''}${scrollClassName ? ` ${scrollClassName}` : ''}`}>
      <table
        className={`table data-table${query?.isPlaceholderData ? ' is-stale' : ''}${className ? ` ${className}` : ''}`}
        aria-busy={query?.isFetching}
      >
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => <th key={c.key} scope="col" className={alignClass(c)}>{c.header}</th>)}
            {actions && <th scope="col" className="data-table-actions"><span className="visually-hidden">Azioni</span></th>}
          </tr>
        </thead>
        <tbody>
          {state ? (
            <tr className="data-table-state">
              <td colSpan={span}>{state}</td>
            </tr>
          ) : rows?.map((row) => (
            <tr
              key={(rowKey ?? perId)(row)}
              className={[click ? 'is-clickable' : '', rowClassName?.(row) ?? ''].filter(Boolean).join(' ') || undefined}
              aria-current={isCurrent?.(row) ? 'true' : undefined}
              onClick={click && ((e) => click(row, e))}
            >
              {columns.map((c) => {
                const etichetta = etichettaDi(c);
                // The value in a box of its own: on a phone's card it is the second column of the cell's grid.
                return (
                  <td key={c.key} className={alignClass(c)} data-label={etichetta}>
                    {etichetta ? <span className="data-table-valore">{c.cell(row)}</span> : c.cell(row)}
                  </td>
                );
              })}
              {actions && <td className="data-table-actions">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
        {footer && !state && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
