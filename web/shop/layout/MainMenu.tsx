import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { Collegamento, portaQui } from '../../components/Collegamento';
import type { Categoria } from '../../../shared/catalogo.js';
import { Disclosure } from '../../components/Dropdown';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../paths';
import { usePermessi } from '../../session/permessi';
import { categorieAttiveQuery, MSG_CATEGORIE } from '../api';

/** Main menu, in the order of docs/regole/catalogo.md#shop-frame; PRODOTTI opens the category tree. */
const VOCI: { label: string; to: string }[] = [
  { label: 'HOME', to: paths.home2.path },
  { label: 'NOVITA', to: paths.novitaDispatcher.path },
  { label: 'MARCHI', to: paths.marchi.path },
  { label: 'ORDINI', to: paths.ordini.path },
  { label: 'DOCUMENTI', to: paths.documenti.path },
  { label: 'PRODOTTI', to: paths.prodotti.path },
  { label: 'VOLANTINI', to: paths.volantini.path },
  { label: 'CATALOGO', to: paths.catalogo.path },
  { label: 'TABELLE COMPARATIVE', to: paths.tabelleComparative.path },
  { label: 'CONTATTI', to: paths.contatti.path },
];

/** `aperto`: unfolded by the header's 'Menu' button (on a phone the menu is folded otherwise). */
export function MainMenu({ id, aperto = false }: { id?: string; aperto?: boolean }) {
  const { pathname } = useLocation();
  // DOCUMENTI only for a person whose switch allows documents (docs/regole/organizzazione.md).
  const { vedeDocumenti } = usePermessi();
  const voci = vedeDocumenti ? VOCI : VOCI.filter((v) => v.to !== paths.documenti.path);
  return (
    <nav id={id} className={`mainmenu${aperto ? ' is-open' : ''}`} aria-label="Menu principale">
      <ul>
        {voci.map((v) => (
          <li key={v.label}>
            {v.label === 'PRODOTTI' ? (
              <Disclosure label="PRODOTTI" buttonClassName="mainmenu-link mainmenu-toggle" panelClassName="megamenu">
                {(close) => <ProdottiPanel close={close} />}
              </Disclosure>
            ) : (
              <VoceMenu to={v.to} label={v.label} attiva={portaQui(pathname, v.to)} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function VoceMenu({ to, label, attiva }: { to: string; label: string; attiva: boolean }) {
  return (
    <Collegamento to={to} className={`mainmenu-link${attiva ? ' active' : ''}`} aria-current={attiva ? 'page' : undefined}>
      {label}
    </Collegamento>
  );
}

/** The category tree in columns: each root with its sub-categories. */
function ProdottiPanel({ close }: { close: () => void }) {
  const query = useQuery(categorieAttiveQuery());
  return (
    <QueryView query={query} riga loading={<Spinner label="Caricamento categorie…" block />} errorMessage={MSG_CATEGORIE}>
      {(tree) => <Colonne tree={tree} close={close} />}
    </QueryView>
  );
}

function Colonne({ tree, close }: { tree: Categoria[]; close: () => void }) {
  return (
    <div className="megamenu-inner" ref={fitToViewport}>
      <div className="megamenu-scroll">
        <ul className="megamenu-cols">
          {tree.map((root) => (
            <li key={root.cod_cat}>
              <CatLink c={root} close={close} className="megamenu-root" />
              {root.figli.length > 0 && <SubList figli={root.figli} close={close} />}
            </li>
          ))}
        </ul>
      </div>
      <div className="megamenu-foot">
        <Collegamento to={paths.prodotti.path} className="megamenu-all" onClick={close}>
          Tutte le categorie →
        </Collegamento>
      </div>
    </div>
  );
}

/**
 * Tells the panel's CSS where its top is in the viewport (--megamenu-top), so that its max-height
 * ends at the window's bottom: the menu moves with the page and the header's height varies with
 * the width, which CSS alone cannot know.
 */
function fitToViewport(el: HTMLElement | null) {
  if (!el) return;
  const fit = () => el.style.setProperty('--megamenu-top', `${Math.max(0, el.getBoundingClientRect().top)}px`);
  fit();
  window.addEventListener('resize', fit);
  window.addEventListener('scroll', fit, { passive: true });
  return () => {
    window.removeEventListener('resize', fit);
    window.removeEventListener('scroll', fit);
  };
}

function SubList({ figli, close }: { figli: Categoria[]; close: () => void }) {
  return (
    <ul>
      {figli.map((c) => (
        <li key={c.cod_cat}>
          <CatLink c={c} close={close} />
          {c.figli.length > 0 && <SubList figli={c.figli} close={close} />}
        </li>
      ))}
    </ul>
  );
}

function CatLink({ c, close, className }: { c: Categoria; close: () => void; className?: string }) {
  return (
    <Collegamento to={paths.categoria.href(c.cod_cat, c.nome)} className={className} onClick={close}>
      {c.nome}
    </Collegamento>
  );
}
