import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import { ApiError } from '../../lib/api';
import { paths } from '../../paths';
import { EmptyState } from '../../components/EmptyState';
import { brandInfoQuery, categorieAttiveQuery, percorsoCategoria, shopKeys, volantiniQuery } from '../api';
import { listaCategoria, listaRicerca } from '../../../shared/liste-prodotti.js';
import { SideBanners } from '../home/SideBanners';
import { MSG_RICERCA_CORTA } from '../../../shared/catalogo-costanti.js';
import { ProductListPage } from './ProductListPage';

/** The five paged product screens, each a configuration of ProductListPage. */

/** /categoria/{cod_cat}/{nome}: the category and its sub-categories. */
export function CategoriaPage() {
  const { id = '', nome = '' } = useParams();
  const categorie = useQuery(categorieAttiveQuery());
  const tree = categorie.data ?? [];
  const percorso = percorsoCategoria(tree, id);
  const corrente = percorso[percorso.length - 1];
  const titolo = corrente?.nome ?? nome;
  return (
    <ProductListPage
      key={id}
      title={titolo}
      documentTitle={titolo}
      lista={listaCategoria(id)}
      // The sub-categories' chips go above the grid: the grid waits for them, or it would be pushed down (layout shift).
      waiting={categorie.isPending}
      emptyText="Nessun prodotto presente in questa categoria."
      nonTrovato={<CategoriaNonDisponibile />}
      subtitle={
        percorso.length > 1 && (
          <nav aria-label="Percorso categoria" className="breadcrumb">
            {percorso.slice(0, -1).map((c) => (
              <Fragment key={c.cod_cat}>
                <Collegamento to={paths.categoria.href(c.cod_cat, c.nome)}>{c.nome}</Collegamento>
                <span aria-hidden="true"> › </span>
              </Fragment>
            ))}
            <span aria-current="page">{titolo}</span>
          </nav>
        )
      }
      intro={
        corrente && corrente.figli.length > 0 && (
          <nav aria-label="Sottocategorie" className="chips">
            {corrente.figli.map((f) => (
              <Collegamento key={f.cod_cat} className="chip" to={paths.categoria.href(f.cod_cat, f.nome)}>
                {f.nome}
              </Collegamento>
            ))}
          </nav>
        )
      }
    />
  );
}

/**
 * A category gone from the customers' view (disabled, or never there): said plainly with a way on.
 * The shop's catalogue reads are asked again, since the menu's tree and a cached search may still
 * hold the category or its products (docs/regole/catalogo.md#disabled-category).
 */
function CategoriaNonDisponibile() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Not the failed read of this page: asked again, it would show the loader and this screen again, in a loop.
    void queryClient.invalidateQueries({ queryKey: shopKeys.all, predicate: (q) => q.state.status !== 'error' });
  }, [queryClient]);
  return (
    <EmptyState
      title="Categoria non più disponibile"
      action={
        <>
          <Collegamento className="btn btn-primary" to={paths.prodotti.path}>Vai alle categorie</Collegamento>
          <Collegamento className="btn" to={paths.home2.path}>Torna alla home</Collegamento>
        </>
      }
    >
      Questa categoria non è più consultabile. Cerca i prodotti che ti servono tra le altre categorie o con la ricerca.
    </EmptyState>
  );
}

/** /ricerca?stringaRicerca=…&start=…&limit=… */
export function RicercaPage() {
  const [params] = useSearchParams();
  const testo = params.get('stringaRicerca') ?? '';
  return (
    <ProductListPage
      title={`Ricerca Articoli - ${testo}`}
      documentTitle={`Ricerca: ${testo}`}
      lista={listaRicerca(testo)}
      invalidText={MSG_RICERCA_CORTA}
      emptyText="Nessun prodotto trovato per questa ricerca."
      summary={(p) => <p className="plist-shown">Prodotti Visualizzati ({p.prodotti.length})</p>}
    />
  );
}

/**
 * /marchi-prodotti/{brand_codice}/{nome}. The brand is looked up beside its products (brand/info):
 * an unknown one says so (docs/regole/catalogo.md#brands) rather than showing an empty list.
 */
export function MarchioProdottiPage() {
  const { id = '', descrizione = '' } = useParams();
  const marchio = useQuery({ ...brandInfoQuery(id), enabled: id !== '' });
  const sconosciuto = id === '' || (marchio.error instanceof ApiError && marchio.error.status === 404);
  return (
    <ProductListPage
      key={id}
      title={descrizione}
      documentTitle={`Marchio ${descrizione}`}
      lista={sconosciuto ? null : { kind: 'marchio', brandId: id }}
      waiting={marchio.isPending && id !== ''}
      invalidText={`Marchio con ID ${id} non trovato`}
      emptyText="Nessun prodotto presente per questo marchio."
      subtitle={
        <nav aria-label="Percorso marchio" className="breadcrumb">
          <Collegamento to={paths.marchi.path}>I Nostri Marchi</Collegamento>
          <span aria-hidden="true"> › </span>
          <span aria-current="page">{descrizione}</span>
        </nav>
      }
    />
  );
}

/** /prodotti-volantino/{id}: 'Prodotti del Volantino' with the side banners. */
export function VolantinoProdottiPage() {
  const { id = '' } = useParams();
  const volantini = useQuery(volantiniQuery());
  const volantino = volantini.data?.find((v) => String(v.id) === id);
  return (
    <ProductListPage
      key={id}
      title="Prodotti del Volantino"
      documentTitle={volantino ? `Volantino ${volantino.nome}` : 'Prodotti del Volantino'}
      lista={/^\d+$/.test(id) ? { kind: 'volantino', volantinoId: id } : null}
      invalidText="Volantino non trovato."
      emptyText="Nessun prodotto presente in questo volantino."
      subtitle={volantino && <span className="plist-flyer">{volantino.nome}</span>}
      aside={<SideBanners />}
    />
  );
}

/** /novitaprodotti and /prodotti-novita: products created in the last 30 days. */
export function NovitaProdottiPage() {
  return (
    <ProductListPage
      title="Prodotti Novità"
      documentTitle="Prodotti Novità"
      lista={{ kind: 'novita' }}
      emptyText="Nessun prodotto inserito negli ultimi 30 giorni."
      subtitle={<span className="muted">Gli articoli inseriti a catalogo negli ultimi 30 giorni.</span>}
    />
  );
}
