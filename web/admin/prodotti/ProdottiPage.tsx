import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import { LIMITI_RICERCA } from '../../../shared/catalogo-costanti.js';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { SelectField } from '../../components/form/SelectField';
import { EmptyState } from '../../components/EmptyState';
import { SearchIcon } from '../../components/Icone';
import { PagineElenco, PerPagina } from '../../components/Pagination';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { paths } from '../../paths';
import { MSG_CATEGORIE } from '../../shop/api';
import { alberoCategorieQuery, categoriePiane, type CategoriaPiana } from '../categorie/api';
import { CODICI_ADMIN, type Elenco, elencoQuery, normalizzaTesto } from './api';
import { contiDi, ProdottiTabella, righeDi } from './ProdottiTabella';
import './prodotti.css';

/** The search text in the URL beside start and limit: its presence means the search is by text. */
const PARAM = 'stringa';
/** The default admin category id is 1 (docs/regole/admin.md#products-admin). */
const CATEGORIA_PREDEFINITA = 1;

/**
 * /admin/prodotti and /admin/prodotti/:id/:nome (docs/regole/admin.md#products-admin): a category
 * picked from the tree (default the category with id 1) lists its products and those of its
 * sub-categories; a text (trimmed and lowercased, an empty one ignored) searches like the
 * customers' search. Paged (25/50/100, default 50, start and limit in the URL); a row opens the
 * product.
 */
export function ProdottiPage() {
  const { id: codParam, nome: nomeParam } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const paging = usePaging();
  const perTesto = codParam === undefined && params.has(PARAM);
  const stringa = normalizzaTesto(params.get(PARAM) ?? '');

  const albero = useQuery(alberoCategorieQuery());
  const piane = albero.data ? categoriePiane(albero.data) : [];
  const predefinita = piane.find((p) => p.categoria.id === CATEGORIA_PREDEFINITA && !p.nascosta) ?? piane.find((p) => !p.nascosta);
  const codCat = codParam ?? predefinita?.categoria.cod_cat;
  const categoria = piane.find((p) => p.categoria.cod_cat === codCat);
  useDocumentTitle(perTesto ? 'Prodotti: ricerca' : `Prodotti: ${categoria?.categoria.nome ?? nomeParam ?? 'categoria'}`);

  const elenco: Elenco | undefined = perTesto
    ? (stringa.length >= LIMITI_RICERCA.min ? { tipo: 'ricerca', stringa } : undefined)
    : (codCat ? { tipo: 'categoria', codCat } : undefined);
  const { righe, conti } = usePaginaElenco(
    { ...elencoQuery(elenco ?? { tipo: 'categoria', codCat: '' }, paging.start, paging.limit), enabled: !!elenco }, righeDi, contiDi,
  );

  const perCategoria = () => void navigate(paths.adminProdotti.path);
  // From a category's address too: the text search lives on the list's own path.
  const perTestoVai = () => void navigate({ pathname: paths.adminProdotti.path, search: `?${PARAM}=` });

  let corpo;
  if (perTesto && !elenco) {
    corpo = <EmptyState title="Cerca un prodotto per codice, EAN, codice fornitore o parole del titolo." />;
  } else if (!perTesto && !codCat) {
    // Without a category to show: the tree is loading, failed, or has none.
    corpo = (
      <QueryView query={albero} loadingLabel="Caricamento categorie…" errorTitle={MSG_CATEGORIE} isEmpty={() => true}>
        {() => null}
      </QueryView>
    );
  } else {
    corpo = <ProdottiTabella query={righe} label={perTesto ? `Prodotti per “${stringa}”` : `Prodotti di ${categoria?.categoria.nome ?? codCat}`} />;
  }

  return (
    <>
      <div className="page-head">
        <h1>Prodotti</h1>
        <div className="page-actions">
          <Collegamento className="btn" to={paths.adminProdottiCustom.path}>Prodotti personalizzati</Collegamento>
        </div>
      </div>
      <p className="page-sub">
        {perTesto
          ? 'Ricerca per codice, EAN, codice fornitore o parole, come la ricerca dei clienti. Prezzi del listino 1.'
          : `${categoria ? percorso(piane, categoria) : (nomeParam ?? '\u00a0')} · prodotti della categoria e delle sue sottocategorie, prezzi del listino 1.`}
      </p>
      <section className="card" aria-label="Elenco prodotti">
        <div className="prodotti-toolbar">
          <div className="prodotti-modo" role="group" aria-label="Cerca per">
            <button type="button" className="btn btn-sm" aria-pressed={!perTesto} onClick={perCategoria}>Categoria</button>
            <button type="button" className="btn btn-sm" aria-pressed={perTesto} onClick={perTestoVai}>Testo</button>
          </div>
          {perTesto ? (
            <RicercaTesto key={stringa} stringa={stringa} onCerca={(s) => setParams({ [PARAM]: s, start: '0', limit: String(paging.limit) })} />
          ) : (
            <SelectField
              layout="inline"
              className="prodotti-categoria"
              label="Categoria"
              value={codCat ?? ''}
              disabled={!albero.isSuccess}
              options={piane.map((p) => ({
                value: p.categoria.cod_cat,
                label: `${'\u00a0\u00a0\u00a0'.repeat(p.categoria.livello)}${p.categoria.nome}${p.nascosta ? ' (non visibile)' : ''}`,
                disabled: p.nascosta,
              }))}
              placeholder={albero.isSuccess ? undefined : 'Caricamento…'}
              onChange={(e) => {
                const scelta = piane.find((p) => p.categoria.cod_cat === e.target.value);
                if (scelta) void navigate(paths.adminProdottiCategoria.href(scelta.categoria.cod_cat, scelta.categoria.nome));
              }}
            />
          )}
          <PerPagina paging={paging} label="Articoli per pagina" className="prodotti-size" />
        </div>
        <p className="prodotti-conteggio" aria-live="polite">
          {elenco && conti ? `Risultati Trovati ${conti.totale} - Pagine Disponibili ${conti.pagine}` : '\u00a0'}
          {righe.isFetching && !righe.isPending && <Spinner label="Aggiornamento…" />}
        </p>
        {corpo}
      </section>
      <PagineElenco paging={paging} pagine={elenco && conti ? conti.pagine : 0} caricando={righe.isFetching} label="Pagine prodotti" className="prodotti-paging" />
    </>
  );
}

/** 'Utensileria manuale › Cacciaviti': the category's path in the tree. */
function percorso(piane: CategoriaPiana[], c: CategoriaPiana): string {
  const nomi = [c.categoria.nome];
  // Parents come before their children: going back, the first category one level up is the parent.
  let livello = c.categoria.livello;
  for (let k = piane.indexOf(c) - 1; k >= 0 && livello > 0; k--) {
    const p = piane[k]!.categoria;
    if (p.livello === livello - 1) {
      nomi.unshift(p.nome);
      livello--;
    }
  }
  return nomi.join(' › ');
}

/**
 * The text box: searches on 'Cerca' or Enter once search/prodotti's schema accepts the text (its
 * message under the box); an empty text is ignored (docs/regole/admin.md#admin-search).
 */
function RicercaTesto({ stringa, onCerca }: { stringa: string; onCerca: (s: string) => void }) {
  const modulo = useModulo(() => import('../../../shared/catalogo.js').then((m) => m.searchQuery), { stringa });
  const invia = async (e: FormEvent) => {
    e.preventDefault();
    const s = normalizzaTesto(modulo.valori.stringa);
    if (s.length > 0 && !(await modulo.valida({ ...CODICI_ADMIN, stringa: s })).ok) return;
    onCerca(s);
  };
  return (
    <form className="prodotti-ricerca" role="search" onSubmit={(e) => void invia(e)} noValidate>
      <InputField
        layout="inline"
        type="search"
        label="Testo"
        placeholder="Codice, EAN o parole"
        maxLength={LIMITI_RICERCA.max}
        autoComplete="off"
        {...modulo.campo('stringa')}
      />
      <button type="submit" className="btn btn-primary">
        <SearchIcon />
        Cerca
      </button>
    </form>
  );
}
