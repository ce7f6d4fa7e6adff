import { Collegamento } from '../../components/Collegamento';
import { PagineElenco, PerPagina } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { paths } from '../../paths';
import { customQuery } from './api';
import { contiDi, ProdottiTabella, righeDi } from './ProdottiTabella';
import './prodotti.css';

/**
 * /admin/prodotti-custom (docs/regole/admin.md#products-admin): the products with a portal
 * title or an extra description of their own, latest change first, paged like the other lists.
 */
export function ProdottiCustomPage() {
  useDocumentTitle('Prodotti personalizzati');
  const paging = usePaging();
  const { righe, conti } = usePaginaElenco(customQuery(paging.start, paging.limit), righeDi, contiDi);

  return (
    <>
      <div className="page-head">
        <h1>Prodotti personalizzati</h1>
        <div className="page-actions">
          <Collegamento className="btn" to={paths.adminProdotti.path}>Tutti i prodotti</Collegamento>
        </div>
      </div>
      <p className="page-sub">Prodotti con titolo portale o descrizione aggiuntiva propri, dall'ultima modifica. Prezzi del listino 1.</p>
      <section className="card" aria-label="Elenco prodotti personalizzati">
        <div className="prodotti-toolbar">
          <p className="prodotti-conteggio" aria-live="polite">
            {conti ? `Risultati Trovati ${conti.totale} - Pagine Disponibili ${conti.pagine}` : '\u00a0'}
            {righe.isFetching && !righe.isPending && <Spinner label="Aggiornamento…" />}
          </p>
          <PerPagina paging={paging} label="Articoli per pagina" className="prodotti-size" />
        </div>
        <ProdottiTabella query={righe} label="Prodotti personalizzati" descrizione />
      </section>
      <PagineElenco paging={paging} pagine={conti?.pagine ?? 0} caricando={righe.isFetching} label="Pagine prodotti personalizzati" className="prodotti-paging" />
    </>
  );
}
