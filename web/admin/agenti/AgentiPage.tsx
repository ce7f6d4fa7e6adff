import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AgenteAdmin } from '../../../shared/agenti-admin.js';
import { LIMITI_AGENTE } from '../../../shared/agenti-costanti.js';
import { Collegamento } from '../../components/Collegamento';
import { type Column, DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { paths } from '../../paths';
import { ElencoPaginato } from '../ElencoPaginato';
import { useRicercaNellUrl } from '../ricercaUrl';
import { PillStatoLogin } from '../utenti/StatoLogin';
import { AgenteForm } from './AgenteForm';
import { agentiQuery } from './api';
import { PulsanteStatoAgente } from './PulsanteStatoAgente';
import './agenti.css';

const columns: Column<AgenteAdmin>[] = [
  {
    key: 'agente', header: 'Agente',
    cell: (a) => (
      <>
        <span className="strong">{a.cognome} {a.nome}</span>
        {/* The link is the keyboard's way into the detail; the whole row is the mouse's. */}
        <Collegamento to={paths.adminAgenteDettaglio.href({ id: a.utente_id })} className="agenti-username">{a.username}</Collegamento>
      </>
    ),
  },
  { key: 'codice', header: 'Codice agente', className: 'codice nowrap', cell: (a) => a.agente_codice },
  { key: 'clienti', header: 'Clienti', align: 'end', cell: (a) => a.clienti_n },
  { key: 'login', header: 'Login', className: 'nowrap', cell: (a) => <PillStatoLogin utente={a} /> },
];

/**
 * /admin/agenti (docs/regole/agenti.md#admin): the wholesaler's sales agents, a page at a time with
 * a search by name, username or code, how many clients each has in portfolio and their login; each
 * opens on its page (data, login, portfolio). 'Nuovo agente' opens the create form.
 */
export function AgentiPage() {
  useDocumentTitle('Agenti');
  const navigate = useNavigate();
  const paging = usePaging();
  const ricerca = useRicercaNellUrl();
  const pagina = usePaginaElenco(agentiQuery(ricerca.stringa, paging.start, paging.limit), (d) => d.agenti, totaleDi);
  const [nuovo, setNuovo] = useState(false);
  const formId = useId();

  return (
    <>
      <div className="page-head">
        <h1>Agenti</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" onClick={() => setNuovo(true)}>Nuovo agente</button>
        </div>
      </div>
      <ElencoPaginato voce={['agente', 'agenti']} paging={paging} pagina={pagina}
        ricerca={{ ...ricerca, placeholder: 'Nome, cognome, username o codice', maxLength: LIMITI_AGENTE.ricerca }}>
        <DataTable label="Agenti" className="agenti-table" rowKey={(a) => a.utente_id} query={pagina.righe} columns={columns}
          empty="Nessun agente." loadingLabel="Caricamento agenti…"
          onRowClick={(a) => void navigate(paths.adminAgenteDettaglio.href({ id: a.utente_id }))}
          actions={(a) => <PulsanteStatoAgente agente={a} />}
        />
      </ElencoPaginato>
      <Modal open={nuovo} onClose={() => setNuovo(false)} title="Nuovo agente" size="wide">
        <AgenteForm
          id={formId}
          onSalvato={(id) => {
            setNuovo(false);
            void navigate(paths.adminAgenteDettaglio.href({ id }));
          }}
          azioni={(inCorso) => (
            <div className="agente-form-azioni">
              <button type="button" className="btn" onClick={() => setNuovo(false)}>Annulla</button>
              <button type="submit" className="btn btn-primary" disabled={inCorso}>{inCorso ? 'Salvataggio…' : 'Crea agente'}</button>
            </div>
          )}
        />
      </Modal>
    </>
  );
}
