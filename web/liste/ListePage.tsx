import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Lista } from '../../shared/liste.js';
import { type Column, DataTable, type TableQuery } from '../components/DataTable';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { listeQuery } from './api';
import { MSG, useListeAzioni } from './azioni';
import { ListaForm } from './ListaForm';
import { PencilIcon } from '../components/Icone';
import { PulsanteCestino } from '../components/PulsanteCestino';
import './liste.css';

/** /liste (docs/regole/liste.md#list-screens): the user's lists; a row opens /liste/dettaglio; create, rename, delete. */
export function ListePage() {
  useDocumentTitle('Le mie Liste');
  const { session } = useShopSession();
  const query = useQuery({ ...listeQuery(session), select: (d) => d.liste });
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
        <ListeTable query={query} inModifica={modifica?.id} onModifica={setModifica} onCancellata={(l) => modifica?.id === l.id && setModifica(null)} />
      </section>
    </>
  );
}

function ListeTable({ query, inModifica, onModifica, onCancellata }: {
  query: TableQuery<Lista>;
  inModifica: number | undefined;
  onModifica: (l: Lista) => void;
  onCancellata: (l: Lista) => void;
}) {
  const navigate = useNavigate();
  const { cancellaLista } = useListeAzioni();
  const apri = (l: Lista) => void navigate(paths.listeDettaglio.href({ id: l.id }), { state: { lista: l } });
  const columns: Column<Lista>[] = [
    { key: 'id', header: 'Lista #ID', className: 'codice strong', cell: (l) => `#${l.id}` },
    {
      key: 'nome', header: 'Lista Nome',
      cell: (l) => (
        <a
          href={paths.listeDettaglio.href({ id: l.id })}
          className="liste-link"
          onClick={(e) => {
            e.preventDefault();
            apri(l);
          }}
        >
          {l.nome}
        </a>
      ),
    },
    { key: 'descrizione', header: 'Descrizione', className: 'muted liste-desc', cell: (l) => l.descrizione },
    { key: 'prodotti', header: 'Prodotti', align: 'end', cell: (l) => l.prodotti.length },
  ];
  return (
    <DataTable label="Liste" className="liste-table" query={query} columns={columns}
      empty={MSG.vuote} loadingLabel="Caricamento liste…"
      onRowClick={apri}
      rowClassName={(l) => (inModifica === l.id ? 'is-editing' : undefined)}
      actions={(l) => (
        <>
          <button type="button" className="btn btn-ghost icon-btn" aria-label={`Rinomina lista #${l.id} ${l.nome}`} title="Rinomina" onClick={() => onModifica(l)}>
            <PencilIcon />
          </button>
          <PulsanteCestino
            label={`Cancella lista #${l.id} ${l.nome}`}
            title="Cancella"
            onClick={async () => {
              if (await cancellaLista(l)) onCancellata(l);
            }}
          />
        </>
      )}
    />
  );
}
