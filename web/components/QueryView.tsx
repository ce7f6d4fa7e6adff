import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Spinner } from './Spinner';

/**
 * The three states every list needs, around a TanStack query:
 *
 *   <QueryView query={ordiniQuery} isEmpty={(d) => d.ordini.length === 0} empty="Non ci sono ordini.">
 *     {(d) => <OrdiniTable ordini={d.ordini} />}
 *   </QueryView>
 */
export function QueryView<T>({ query, isEmpty, empty, loadingLabel, errorMessage, children }: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  /** The empty text of the spec, or a whole element. */
  empty?: ReactNode;
  loadingLabel?: string;
  /** Fixed error text (default: the generic text of docs/regole/generale.md#list-states from the error). */
  errorMessage?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} size="lg" showLabel={!!loadingLabel} block />;
  if (query.isError) {
    return <ErrorState error={query.error} message={errorMessage} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) {
    return typeof empty === 'string' || empty === undefined ? <EmptyState title={empty ?? 'Nessun risultato presente.'} /> : <>{empty}</>;
  }
  return <>{children(query.data)}</>;
}
