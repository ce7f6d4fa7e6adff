import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import { STRINGA_UTENTI_MAX, type UtenteAdmin } from '../../../shared/utenti.js';
import { type Column, DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { paths } from '../../paths';
import { DispositiviUtente } from '../dispositivi/DispositiviUtente';
import { ElencoPaginato } from '../ElencoPaginato';
import { useRicercaNellUrl } from '../ricercaUrl';
import { utentiQuery } from './api';
import { BudgetUtente } from './BudgetUtente';
import { InterruttoreFatturato } from './InterruttoreFatturato';
import { NuovoUtente } from './NuovoUtente';
import { nominativo } from './nominativo';
import { PillStatoLogin, PulsanteStatoLogin } from './StatoLogin';
import './utenti.css';

/** Linked clients shown in a row before '+N altri' (all of them are in the cell's title). */
const CLIENTI_IN_RIGA = 2;

function ClientiCella({ clienti }: { clienti: UtenteAdmin['clienti'] }) {
  if (clienti.length === 0) return <span className="muted">Nessun cliente assegnato</span>;
  const altri = clienti.length - CLIENTI_IN_RIGA;
  return (
    <ul className="utenti-clienti" title={clienti.map((c) => `${c.cliente_codice} ${c.cliente_ragionesociale}`).join('\n')}>
      {clienti.slice(0, CLIENTI_IN_RIGA).map((c) => (
        <li key={c.id}>
          <span className="codice">{c.cliente_codice}</span> {c.cliente_ragionesociale}
        </li>
      ))}
      {altri > 0 && <li className="muted">+{altri} {altri === 1 ? 'altro' : 'altri'}</li>}
    </ul>
  );
}

/** A username that may break after its '@' (a narrow column shows 'name@' and 'domain' on two lines). */
function Username({ username }: { username: string }) {
  const at = username.lastIndexOf('@');
  if (at < 0) return username;
  return <>{username.slice(0, at + 1)}<wbr />{username.slice(at + 1)}</>;
}

const columns: Column<UtenteAdmin>[] = [
  {
    key: 'utente', header: 'Utente', className: 'utenti-col-utente',
    cell: (u) => (
      <>
        <span className="strong">{nominativo(u)}</span>
        {/* The link is the keyboard's way into the detail; the whole row is the mouse's. */}
        <Collegamento to={paths.adminUtenteDettaglio.href(u.id)} className="utenti-username"><Username username={u.username} /></Collegamento>
      </>
    ),
  },
  { key: 'clienti', header: 'Clienti', cell: (u) => <ClientiCella clienti={u.clienti} /> },
  { key: 'login', header: 'Login', className: 'nowrap', cell: (u) => <PillStatoLogin utente={u} /> },
];

type Finestra = { tipo: 'nuovo' } | { tipo: 'dispositivi' | 'budget'; utente: UtenteAdmin } | null;

/**
 * /admin/utenti (docs/regole/admin.md#users): one page of users (25/50/100, default 50, start and
 * limit in the URL), a search by username, name, surname or code (docs/regole/admin.md#admin-search:
 * trimmed and lowercased; debounced 500 ms), and per user the login status and its toggle, the
 * turnover flag, its devices and its clients' budgets (in a dialog each). 'Nuovo utente' opens the
 * create form.
 */
export function UtentiPage() {
  useDocumentTitle('Utenti');
  const navigate = useNavigate();
  const paging = usePaging();
  const ricerca = useRicercaNellUrl();
  const pagina = usePaginaElenco(utentiQuery(ricerca.stringa, paging.start, paging.limit), (d) => d.utenti, totaleDi);
  const [finestra, setFinestra] = useState<Finestra>(null);
  const chiudi = () => setFinestra(null);

  return (
    <>
      <div className="page-head">
        <h1>Utenti</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" onClick={() => setFinestra({ tipo: 'nuovo' })}>
            Nuovo utente
          </button>
        </div>
      </div>
      <ElencoPaginato voce={['utente', 'utenti']} paging={paging} pagina={pagina}
        ricerca={{ ...ricerca, placeholder: 'Username, nome, cognome o codice', maxLength: STRINGA_UTENTI_MAX }}>
        <DataTable label="Utenti" className="utenti-table" query={pagina.righe} columns={columns}
          empty="Nessun utente disponibile." loadingLabel="Caricamento utenti…"
          onRowClick={(u) => void navigate(paths.adminUtenteDettaglio.href(u.id))}
          actions={(u) => (
            // Every control of a row, in the column that stays in view at the right edge.
            <div className="utenti-azioni">
              <PulsanteStatoLogin utente={u} compatto />
              <InterruttoreFatturato utente={u} etichetta="Fatturato" />
              <button type="button" className="btn btn-sm" aria-label={`Dispositivi di ${u.username}`} onClick={() => setFinestra({ tipo: 'dispositivi', utente: u })}>
                Dispositivi
              </button>
              <button type="button" className="btn btn-sm" aria-label={`Budget di ${u.username}`} onClick={() => setFinestra({ tipo: 'budget', utente: u })}>
                Budget
              </button>
            </div>
          )}
        />
      </ElencoPaginato>
      <NuovoUtente open={finestra?.tipo === 'nuovo'} onClose={chiudi} />
      {finestra && finestra.tipo !== 'nuovo' && (
        <Modal
          open
          onClose={chiudi}
          size="wide"
          className="utente-modal"
          title={`${finestra.tipo === 'dispositivi' ? 'Dispositivi' : 'Budget'} di ${nominativo(finestra.utente)}`}
          footer={<button type="button" className="btn" onClick={chiudi}>Chiudi</button>}
        >
          {finestra.tipo === 'dispositivi'
            ? <DispositiviUtente utenteId={finestra.utente.id} nome={nominativo(finestra.utente)} />
            : <BudgetUtente clienti={finestra.utente.clienti} />}
        </Modal>
      )}
    </>
  );
}
