import type { ReactNode } from 'react';
import { erroreDefinitivo, errorMessage } from '../lib/api';
import { ErrorState } from './ErrorState';
import type { ViewQuery } from './QueryView';
import { PageSpinner } from './Spinner';

/**
 * A detail page around the query of its record: the spinner while it loads, the record's page
 * (`children`) once there. When there is no record to show, the page's head (`titolo` and the back
 * button) over the reason: `errore` (an id that is not one), a 4xx in the server's own words (an
 * unknown id: asking again would not help), another failure with 'Riprova', or `nonTrovato` when
 * the answer is empty.
 */
export function PaginaDettaglio<T>({ query, titolo, indietro, errore, nonTrovato, children }: {
  query: ViewQuery<T | null>;
  titolo: string;
  /** The page's BackButton. */
  indietro: ReactNode;
  errore?: string;
  nonTrovato?: string;
  children: (record: T) => ReactNode;
}) {
  let motivo: ReactNode;
  if (errore !== undefined) motivo = <ErrorState title={errore} />;
  else if (query.isPending) return <PageSpinner />;
  else if (query.isError) {
    motivo = erroreDefinitivo(query.error)
      ? <ErrorState title={errorMessage(query.error)} />
      : <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data === null || query.data === undefined) motivo = <ErrorState title={nonTrovato} />;
  else return <>{children(query.data)}</>;
  return (
    <>
      <div className="page-head">
        <h1>{titolo}</h1>
        {indietro}
      </div>
      <section className="card">{motivo}</section>
    </>
  );
}
