import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Spinner } from './Spinner';

/** The parts of a TanStack query the view reads. */
export type ViewQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'error'> & { refetch: () => unknown };

/**
 * The three states every list needs, around a TanStack query:
 *
 *   <QueryView query={ordiniQuery} isEmpty={(d) => d.ordini.length === 0} empty="Non ci sono ordini.">
 *     {(d) => <OrdiniTable ordini={d.ordini} />}
 *   </QueryView>
 *
 * `riga` draws them small, for a line inside a form, a menu or a side bar. `seErrore` says what a
 * failure shows: the error with 'Riprova' (default), the empty state (docs/regole/generale.md#list-states: a brand list that
 * fails is an empty list) or nothing (decorations whose failures are only logged).
 */
export function QueryView<T>({
  query, isEmpty, empty, loadingLabel, loading, errorTitle, errorMessage, seErrore = 'errore', riga = false, children,
}: {
  query: ViewQuery<T>;
  isEmpty?: (data: T) => boolean;
  /** The empty text of the spec, or a whole element (null: nothing). */
  empty?: ReactNode;
  loadingLabel?: string;
  /** What shows while loading instead of the spinner (a placeholder of the same size; null: nothing). */
  loading?: ReactNode;
  errorTitle?: string;
  /** Fixed error text (default: the generic text of docs/regole/generale.md#list-states from the error). */
  errorMessage?: string;
  seErrore?: 'errore' | 'vuoto' | 'niente';
  riga?: boolean;
  children: (data: T) => ReactNode;
}) {
  const vuoto = () => {
    if (typeof empty !== 'string' && empty !== undefined) return <>{empty}</>;
    const testo = empty ?? 'Nessun risultato presente.';
    return riga ? <p className="state-riga muted">{testo}</p> : <EmptyState title={testo} />;
  };
  if (query.isPending) {
    if (loading !== undefined) return <>{loading}</>;
    return riga
      ? <Spinner label={loadingLabel} showLabel={!!loadingLabel} />
      : <Spinner label={loadingLabel} size="lg" showLabel={!!loadingLabel} block />;
  }
  if (query.isError) {
    if (seErrore === 'niente') return null;
    if (seErrore === 'vuoto') return vuoto();
    return <ErrorState title={errorTitle} error={query.error} message={errorMessage} onRetry={() => void query.refetch()} riga={riga} />;
  }
  // A successful query has its data (TanStack's type cannot say so through Pick).
  const data = query.data as T;
  if (isEmpty?.(data)) return vuoto();
  return <>{children(data)}</>;
}
