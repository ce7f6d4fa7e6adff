import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useMatch } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import type { Categoria } from '../../../shared/catalogo.js';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../paths';
import { categorieAttiveQuery, MSG_CATEGORIE, percorsoCategoria } from '../api';

/**
 * The 'Categorie' sidebar (docs/regole/catalogo.md#shop-frame): the nested categories, each linking to
 * /categoria/{cod_cat}/{nome}. Branches open on demand; the current category's branch is open.
 * Below 1024 px the tree folds under a 'Categorie' button.
 */
export function CategorySidebar() {
  const query = useQuery(categorieAttiveQuery());
  const match = useMatch(paths.categoria.path);
  const corrente = match?.params.id ?? '';
  const [aperta, setAperta] = useState(false);
  const tree = query.data ?? [];
  const percorso = new Set(percorsoCategoria(tree, corrente).map((c) => c.cod_cat));

  return (
    <aside className={`shop-side${aperta ? ' is-open' : ''}`} aria-labelledby="shop-side-title">
      <h2 className="shop-side-title" id="shop-side-title">
        <button type="button" className="shop-side-toggle" aria-expanded={aperta} aria-controls="shop-side-tree" onClick={() => setAperta((a) => !a)}>
          Categorie
        </button>
        <span className="shop-side-label">Categorie</span>
      </h2>
      <div className="shop-side-tree" id="shop-side-tree">
        <QueryView query={query} riga loading={<Spinner label="Caricamento categorie…" block />} errorMessage={MSG_CATEGORIE}>
          {() => (
            <ul className="cat-tree" data-level="0">
              {tree.map((c) => (
                <CategoryNode key={`${c.cod_cat}:${percorso.has(c.cod_cat)}`} c={c} corrente={corrente} percorso={percorso} />
              ))}
            </ul>
          )}
        </QueryView>
      </div>
    </aside>
  );
}

function CategoryNode({ c, corrente, percorso }: { c: Categoria; corrente: string; percorso: Set<string> }) {
  const [open, setOpen] = useState(percorso.has(c.cod_cat));
  const hasChildren = c.figli.length > 0;
  const id = `cat-${c.cod_cat}`;
  return (
    <li>
      <div className={`cat-row${c.cod_cat === corrente ? ' is-current' : ''}`} style={{ paddingLeft: c.livello * 14 }}>
        {hasChildren ? (
          <button
            type="button"
            className="cat-toggle"
            aria-expanded={open}
            aria-controls={id}
            aria-label={`${open ? 'Chiudi' : 'Apri'} ${c.nome}`}
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className={open ? 'is-open' : undefined}>
              <path d="M3.5 1.5 7 5 3.5 8.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        ) : (
          <span className="cat-toggle-spacer" aria-hidden="true" />
        )}
        <Collegamento to={paths.categoria.href(c.cod_cat, c.nome)} aria-current={c.cod_cat === corrente ? 'page' : undefined}>
          {c.nome}
        </Collegamento>
      </div>
      {hasChildren && open && (
        <ul id={id}>
          {c.figli.map((f) => (
            <CategoryNode key={`${f.cod_cat}:${percorso.has(f.cod_cat)}`} c={f} corrente={corrente} percorso={percorso} />
          ))}
        </ul>
      )}
    </li>
  );
}
