import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/form/SelectField';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
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
  const { start, limit, page, sizes, setPage, setLimit } = usePaging();
  const opzioni = customQuery(start, limit);
  const righe = useQuery({ ...opzioni, placeholderData: keepPreviousData, select: righeDi });
  const { data: conti } = useQuery({ ...opzioni, placeholderData: keepPreviousData, select: contiDi });

  return (
    <>
      <div className="page-head">
        <h1>Prodotti personalizzati</h1>
        <div className="page-actions">
          <Link className="btn" to={paths.adminProdotti.path}>Tutti i prodotti</Link>
        </div>
      </div>
      <p className="page-sub">Prodotti con titolo portale o descrizione aggiuntiva propri, dall'ultima modifica. Prezzi del listino 1.</p>
      <section className="card" aria-label="Elenco prodotti personalizzati">
        <div className="prodotti-toolbar">
          <p className="prodotti-conteggio" aria-live="polite">
            {conti ? `Risultati Trovati ${conti.totale} - Pagine Disponibili ${conti.pagine}` : '\u00a0'}
            {righe.isFetching && !righe.isPending && <Spinner label="Aggiornamento…" />}
          </p>
          <SelectField
            layout="inline"
            className="prodotti-size"
            label="Articoli per pagina"
            value={limit}
            options={sizes.map((n) => ({ value: n, label: String(n) }))}
            onChange={(e) => setLimit(Number(e.target.value))}
          />
        </div>
        <ProdottiTabella query={righe} label="Prodotti personalizzati" descrizione />
      </section>
      {conti && conti.pagine > 1 && (
        <div className="prodotti-paging">
          <Pagination currentPage={page} totalPages={conti.pagine} onPageChange={setPage} disabled={righe.isFetching} label="Pagine prodotti personalizzati" />
        </div>
      )}
    </>
  );
}
