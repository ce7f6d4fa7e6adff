import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PaginaProdotti, Prodotto } from '../../../shared/catalogo.js';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ApiError } from '../../lib/api';
import { Pagination, PerPagina } from '../../components/Pagination';
import { QueryView } from '../../components/QueryView';
import { ProductGrid } from '../../components/ProductGrid';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePaging } from '../../hooks/usePaging';
import { paginaQuery, scopeOf } from '../api';
import type { ListaProdotti } from '../../../shared/liste-prodotti.js';
import { useShopSession } from '../../session/shopSession';
import '../../components/product.css';
import './prodotti.css';

export interface ProductListPageProps {
  /** The page heading (h1). */
  title: ReactNode;
  /** Browser tab title. */
  documentTitle: string;
  /** What to list; null when it cannot be loaded (e.g. a search shorter than 2 characters). */
  lista: ListaProdotti | null;
  /** Shown when `lista` is null. */
  invalidText?: string;
  /** Shown instead of the list when its call answers 404: what it lists is gone (a disabled category). */
  nonTrovato?: ReactNode;
  /** Something drawn above the list is still loading (the list loads meanwhile): only a loader until then. */
  waiting?: boolean;
  /** The empty text of the screen. */
  emptyText: string;
  /** A line under the heading (breadcrumb, flyer name…). */
  subtitle?: ReactNode;
  /** Extra content under the count line, with the loaded page (e.g. 'Prodotti Visualizzati (n)'). */
  summary?: (pagina: PaginaProdotti) => ReactNode;
  /** Content between the heading and the list (e.g. sub-category links). */
  intro?: ReactNode;
  /** A side column at the left of the list (e.g. the side banners of the flyer page). */
  aside?: ReactNode;
}

const codiciDi = (d: PaginaProdotti) => d.prodotti.map((p) => p.codice_prodotto).join(',');

/**
 * The paged product screens (category, search, brand, flyer, new products): title, count line
 * 'Risultati Trovati {total} - Pagine Disponibili {pages}', page-size selector 'Articoli per
 * pagina', loader, product grid, empty text, pagination. Paging lives in the URL.
 */
export function ProductListPage({ title, documentTitle, lista, invalidText, nonTrovato, waiting = false, emptyText, subtitle, summary, intro, aside }: ProductListPageProps) {
  useDocumentTitle(documentTitle);
  const { session } = useShopSession();
  const paging = usePaging();
  const query = useQuery({
    ...paginaQuery(scopeOf(session), lista ?? { kind: 'novita' }, paging.start, paging.limit),
    enabled: lista !== null && !!session.azienda_codice && !!session.cliente_codice,
    placeholderData: keepPreviousData,
  });
  const data = lista ? query.data : undefined;
  const loading = query.isFetching;

  // A page that fails while the previous one stays on screen: the error above it (below).
  const sparito = nonTrovato !== undefined && !data && query.error instanceof ApiError && query.error.status === 404;
  const body: ReactNode = lista === null ? <EmptyState title={invalidText ?? emptyText} /> : sparito ? nonTrovato : (
    <QueryView
      query={{ ...query, data, isError: query.isError && !data }}
      loadingLabel="Caricamento prodotti…"
      isEmpty={(d) => d.prodotti.length === 0}
      empty={emptyText}
    >
      {(d) => (
        <div className={`plist${query.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={loading}>
          {/* The cards' titles are h3: the level between them and the page's h1 (heading-order). */}
          <h2 className="visually-hidden">Prodotti</h2>
          {/* A new page of the list is a new grid (its key), drawn again a slice at a time from the top. */}
          <ProductGrid key={codiciDi(d)} prodotti={d.prodotti as Prodotto[]} label="Prodotti" codiceCliente={d.codice_cliente} />
        </div>
      )}
    </QueryView>
  );

  // Until what goes above the list is known, only the loader: a count line or a loader drawn first
  // would be pushed down when it comes (layout shift).
  const content = waiting ? <Spinner label="Caricamento prodotti…" size="lg" showLabel block /> : (
    <>
      {intro}
      <div className="plist-toolbar">
        <p className="plist-count" aria-live="polite">
          {data ? `Risultati Trovati ${data.totaleProdotti} - Pagine Disponibili ${data.totalePagine}` : '\u00a0'}
        </p>
        {loading && !query.isPending && <Spinner label="Aggiornamento…" />}
        <PerPagina paging={paging} label="Articoli per pagina" className="plist-size" />
      </div>
      {data && summary?.(data)}
      {query.isError && data && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {body}
      {data && data.totalePagine > 0 && (
        <Pagination currentPage={paging.page} totalPages={data.totalePagine} onPageChange={paging.setPage} />
      )}
    </>
  );

  return (
    <div className="plist-page">
      <div className="page-head plist-head">
        <div>
          <h1>{title}</h1>
          {subtitle && <div className="plist-subtitle">{subtitle}</div>}
        </div>
      </div>
      {aside ? (
        <div className="with-aside">
          <div className="with-aside-side">{aside}</div>
          <div className="with-aside-main">{content}</div>
        </div>
      ) : (
        content
      )}
    </div>
  );
}
