import { keepPreviousData, type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';

/**
 * One page of a paged list, two views of the one cached answer: `righe`, the query a DataTable
 * reads, and `conti`, the figures of the count line and the pages (`totaleDi` for an answer of
 * shared/common.ts `paginaDi`). While the next page loads the previous one stays (the table dims it).
 *
 *   const pagina = usePaginaElenco(clientiQuery(stringa, start, limit), (d) => d.clienti, totaleDi);
 *   <DataTable query={pagina.righe} … />
 */
export function usePaginaElenco<D, T, C, K extends QueryKey>(
  opzioni: UseQueryOptions<D, Error, D, K>,
  righe: (d: D) => readonly T[],
  conti: (d: D) => C,
) {
  const query = useQuery({ ...opzioni, placeholderData: keepPreviousData, select: righe });
  const { data } = useQuery({ ...opzioni, placeholderData: keepPreviousData, select: conti });
  return { righe: query, conti: data };
}

/** How many rows a paged answer has in all. */
export const totaleDi = (d: { totale: number }) => d.totale;
