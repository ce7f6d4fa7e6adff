import { useQuery } from '@tanstack/react-query';
import type { Categoria } from '../../../shared/catalogo.js';
import { QueryView } from '../../components/QueryView';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { MSG_CATEGORIE } from '../../shop/api';
import { alberoCategorieQuery, categoriePiane, useCambiaStatoCategoria } from './api';
import './categorie.css';

/**
 * /admin/categorie, 'Gestione Categorie' (docs/regole/admin.md#categories-admin): the nested tree indented by level,
 * each category with its name and a green check (status 0) or a red cross (any other status).
 * The spec's icon only logged its click; here it switches the category on the server, after a
 * confirmation: a disabled category disappears from the customers' menu, sidebar and category
 * pages together with its sub-categories, which are marked as hidden here.
 */
export function GestioneCategoriePage() {
  useDocumentTitle('Gestione Categorie');
  const query = useQuery(alberoCategorieQuery());
  const piane = query.data ? categoriePiane(query.data) : [];
  const disattivate = piane.filter((p) => p.categoria.status !== 0).length;


  return (
    <>
      <div className="page-head">
        <h1>Gestione Categorie</h1>
      </div>
      <p className="page-sub">
        {query.isSuccess
          ? `${piane.length} categorie${disattivate ? `, ${disattivate === 1 ? '1 disattivata' : `${disattivate} disattivate`}` : ''}. `
          : ''}
        Una categoria disattivata non compare ai clienti, con tutte le sue sottocategorie.
      </p>
      <section className="card cat-admin-card" aria-label="Categorie">
        <QueryView
          query={query}
          loadingLabel="Caricamento categorie…"
          errorTitle={MSG_CATEGORIE}
          isEmpty={(d) => d.length === 0}
          empty="Nessuna categoria presente."
        >
          {(albero) => (
            <ul className="cat-admin" aria-label="Albero delle categorie">
              {albero.map((c) => <Nodo key={c.cod_cat} categoria={c} sottoNascosta={false} />)}
            </ul>
          )}
        </QueryView>
      </section>
    </>
  );
}

function Nodo({ categoria: c, sottoNascosta }: { categoria: Categoria; sottoNascosta: boolean }) {
  const attiva = c.status === 0;
  return (
    <li>
      <div className={`cat-admin-row${attiva && !sottoNascosta ? '' : ' is-nascosta'}`} style={{ paddingLeft: `calc(${c.livello} * var(--cat-indent) + var(--sp-3))` }}>
        <span className={`cat-admin-nome${c.livello === 0 ? ' strong' : ''}`}>{c.nome}</span>
        <span className="cat-admin-cod codice">{c.cod_cat}</span>
        <span className="cat-admin-stato">
          {!attiva ? 'Disattivata' : sottoNascosta ? 'Nascosta: categoria superiore disattivata' : ''}
        </span>
        <Interruttore categoria={c} />
      </div>
      {c.figli.length > 0 && (
        <ul>
          {c.figli.map((f) => <Nodo key={f.cod_cat} categoria={f} sottoNascosta={sottoNascosta || !attiva} />)}
        </ul>
      )}
    </li>
  );
}

/** The status icon as a switch: confirm, switch at once, toast the outcome (back if it failed). */
function Interruttore({ categoria: c }: { categoria: Categoria }) {
  const cambia = useCambiaStatoCategoria();
  const confermaEFai = useConfirmAction();
  const attiva = c.status === 0;
  const click = () => void confermaEFai({
    question: attiva
      ? `Disattivare la categoria ${c.nome}? Non sarà più visibile ai clienti, con tutte le sue sottocategorie.`
      : `Attivare la categoria ${c.nome}? Tornerà visibile ai clienti.`,
    confirm: attiva ? { title: 'Disattiva categoria', confirmLabel: 'Disattiva', danger: true } : { title: 'Attiva categoria', confirmLabel: 'Attiva' },
    run: () => cambia.mutateAsync(c),
    failure: `Errore durante il cambio di stato della categoria ${c.nome}.`,
  });
  return (
    <button
      type="button"
      role="switch"
      aria-checked={attiva}
      aria-label={`Stato di ${c.nome}`}
      title={attiva ? 'Attiva: clic per disattivare' : 'Disattivata: clic per attivare'}
      className={`cat-admin-switch ${attiva ? 'is-on' : 'is-off'}`}
      disabled={cambia.isPending}
      onClick={click}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {attiva ? <path d="M5 12.5 10 17.5 19 7" /> : <path d="M6 6l12 12M18 6 6 18" />}
      </svg>
    </button>
  );
}
