import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Lista } from '../../shared/liste.js';
import { QueryView } from '../components/QueryView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { useListe } from './api';
import { MSG, useListeAzioni } from './azioni';
import { ListaForm } from './ListaForm';
import { PencilIcon, TrashIcon } from '../components/icons';
import './liste.css';

/** /liste (SPEC §2 Lists): the user's lists; a row opens /liste/dettaglio; create, rename, delete. */
export function ListePage() {
  useDocumentTitle('Le mie Liste');
  const query = useListe();
  const [modifica, setModifica] = useState<Lista | null>(null);
  const fineModifica = useCallback(() => setModifica(null), []);
  return (
    <>
      <div className="page-head">
        <h1>Le mie Liste</h1>
      </div>
      <section className="card card-body liste-create" aria-label="Gestione liste">
        <ListaForm modifica={modifica} onFineModifica={fineModifica} nomeVuoto={MSG.nomeObbligatorio} conDescrizione />
      </section>
      <section className="card" aria-label="Elenco liste">
        <QueryView query={query} isEmpty={(d) => d.liste.length === 0} empty={MSG.vuote} loadingLabel="Caricamento liste…">
          {(d) => <ListeTable liste={d.liste} inModifica={modifica?.id} onModifica={setModifica} onCancellata={(l) => modifica?.id === l.id && setModifica(null)} />}
        </QueryView>
      </section>
    </>
  );
}

function ListeTable({ liste, inModifica, onModifica, onCancellata }: {
  liste: Lista[];
  inModifica: number | undefined;
  onModifica: (l: Lista) => void;
  onCancellata: (l: Lista) => void;
}) {
  const navigate = useNavigate();
  const { cancellaLista } = useListeAzioni();
  const apri = (l: Lista) => void navigate(paths.listeDettaglio.path, { state: { lista: l } });
  return (
    <div className="table-scroll">
      <table className="table liste-table">
        <thead>
          <tr>
            <th scope="col">Lista #ID</th>
            <th scope="col">Lista Nome</th>
            <th scope="col">Descrizione</th>
            <th scope="col" className="num">Prodotti</th>
            <th scope="col"><span className="visually-hidden">Azioni</span></th>
          </tr>
        </thead>
        <tbody>
          {liste.map((l) => (
            <tr key={l.id} className={`liste-row${inModifica === l.id ? ' is-editing' : ''}`} onClick={() => apri(l)}>
              <td className="mono strong">#{l.id}</td>
              <td>
                <a
                  href={paths.listeDettaglio.path}
                  className="liste-link"
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    apri(l);
                  }}
                >
                  {l.nome}
                </a>
              </td>
              <td className="muted liste-desc">{l.descrizione}</td>
              <td className="num">{l.prodotti.length}</td>
              <td className="liste-actions" onClick={(e) => e.stopPropagation()}>
                <button type="button" className="btn btn-ghost icon-btn" aria-label={`Rinomina lista #${l.id} ${l.nome}`} title="Rinomina" onClick={() => onModifica(l)}>
                  <PencilIcon />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost icon-btn icon-btn-danger"
                  aria-label={`Cancella lista #${l.id} ${l.nome}`}
                  title="Cancella"
                  onClick={async () => {
                    if (await cancellaLista(l)) onCancellata(l);
                  }}
                >
                  <TrashIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
