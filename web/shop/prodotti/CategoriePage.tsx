import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../../components/Collegamento';
import type { Categoria } from '../../../shared/catalogo.js';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paths } from '../../paths';
import { categorieAttiveQuery, MSG_CATEGORIE } from '../api';
import '../media/media.css';

/** /prodotti (menu PRODOTTI): the whole category tree, one card per root category. */
export function CategoriePage() {
  useDocumentTitle('Prodotti');
  const query = useQuery(categorieAttiveQuery());
  return (
    <>
      <div className="page-head">
        <h1>Prodotti</h1>
      </div>
      <QueryView
        query={query}
        isEmpty={(d) => d.length === 0}
        empty="Nessuna categoria disponibile."
        errorMessage={MSG_CATEGORIE}
      >
        {(tree) => (
          <ul className="cat-cards" aria-label="Categorie">
            {tree.map((root) => (
              <li key={root.cod_cat}>
                <section className="cat-card" aria-labelledby={`cc-${root.cod_cat}`}>
                  <h2 id={`cc-${root.cod_cat}`}>
                    <Collegamento to={paths.categoria.href(root.cod_cat, root.nome)}>{root.nome}</Collegamento>
                  </h2>
                  {root.figli.length > 0 && <Rami figli={root.figli} />}
                </section>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

function Rami({ figli }: { figli: Categoria[] }) {
  return (
    <ul>
      {figli.map((c) => (
        <li key={c.cod_cat}>
          <Collegamento to={paths.categoria.href(c.cod_cat, c.nome)}>{c.nome}</Collegamento>
          {c.figli.length > 0 && <Rami figli={c.figli} />}
        </li>
      ))}
    </ul>
  );
}
