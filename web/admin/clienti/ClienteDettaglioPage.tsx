import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import type { ClienteDettaglio } from '../../../shared/anagrafica.js';
import { nomeListino } from '../../../shared/listini.js';
import { BackButton } from '../../components/BackButton';
import { type Column, DataTable } from '../../components/DataTable';
import { PaginaDettaglio } from '../../components/PaginaDettaglio';
import { Scheda } from '../../components/Scheda';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paths } from '../../paths';
import { clienteQuery } from './api';
import { BudgetForm } from './BudgetForm';
import { ContabilitaCliente } from './ContabilitaCliente';
import { StoricoModifiche } from '../storico/StoricoModifiche';
import { ETICHETTE_RUOLO, ETICHETTE_STATO_PERSONA } from '../../../shared/organizzazione-costanti.js';
import { MSG_UTENTI } from '../../../shared/utenti.js';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useCambiaCollegamento } from '../utenti/api';
import './clienti.css';

/**
 * /admin/cliente/dettaglio/:id (docs/regole/admin.md#clients): the client's data,
 * its company with the branches, its users, the credit figures and schedule, the monthly budgets
 * and the 'Storico modifiche'.
 * An unknown id shows the server's message.
 */
export function ClienteDettaglioPage() {
  const { id = '' } = useParams();
  const query = useQuery({ ...clienteQuery(id), select: (d) => d.cliente });
  useDocumentTitle(query.data ? `Cliente ${query.data.ragione_sociale}` : 'Cliente');
  const indietro = <BackButton to={paths.adminClienti.path}>Torna ai clienti</BackButton>;
  return (
    <PaginaDettaglio query={query} titolo="Cliente" indietro={indietro}>
      {(c) => (
        <>
          <div className="page-head">
            <h1>{c.ragione_sociale}</h1>
            {indietro}
          </div>
          <p className="page-sub">
            Cliente <span className="codice">{c.codice}</span> · {c.azienda_ragione_sociale} <span className="codice">({c.azienda_codice})</span>
          </p>
          <div className="cliente-grid">
            <DatiCliente cliente={c} />
            <UtentiCliente cliente={c} />
          </div>
          <AziendeSedi cliente={c} />
          <Scheda titolo="Situazione contabile" className="cliente-section">
            <ContabilitaCliente clienteId={c.id} />
          </Scheda>
          <Scheda titolo="Budget" className="cliente-section">
            <BudgetForm clienteId={c.id} />
          </Scheda>
          <StoricoModifiche clienteId={c.id} />
        </>
      )}
    </PaginaDettaglio>
  );
}

function DatiCliente({ cliente: c }: { cliente: ClienteDettaglio }) {
  return (
    <Scheda titolo="Dati cliente">
      <dl className="kv card-body cliente-kv">
        <dt>Codice</dt>
        <dd className="codice">{c.codice}</dd>
        <dt>Ragione sociale</dt>
        <dd>{c.ragione_sociale}</dd>
        <dt>Email</dt>
        <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : <span className="muted">—</span>}</dd>
        <dt>Telefono</dt>
        <dd>{c.telefono ? <a href={`tel:${c.telefono.replace(/\s+/g, '')}`}>{c.telefono}</a> : <span className="muted">—</span>}</dd>
        <dt>Azienda</dt>
        <dd>
          {c.azienda_ragione_sociale} <span className="muted codice">({c.azienda_codice})</span>
        </dd>
        <dt>Listino</dt>
        <dd>{nomeListino(c.lis_maga)}</dd>
      </dl>
    </Scheda>
  );
}

type UtenteCliente = ClienteDettaglio['utenti'][number];
type Sede = ClienteDettaglio['aziende'][number]['sedi'][number];

const colonneUtenti: Column<UtenteCliente>[] = [
  { key: 'username', header: 'Username', className: 'cliente-username', cell: (u) => <Collegamento to={paths.adminUtenteDettaglio.href(u.id)}>{u.username}</Collegamento> },
  { key: 'nome', header: 'Nome', cell: (u) => u.nome },
  { key: 'cognome', header: 'Cognome', cell: (u) => u.cognome },
  {
    key: 'login', header: 'Login', className: 'nowrap',
    cell: (u) => <span className={`status-pill${u.status_login === 0 ? ' is-ok' : ''}`}>{u.status_login === 0 ? 'Abilitato' : 'Disabilitato'}</span>,
  },
];

const colonneSedi: Column<Sede>[] = [
  { key: 'sede', header: 'Sede', className: 'strong', cell: (s) => s.descrizione },
  { key: 'indirizzo', header: 'Indirizzo', cell: (s) => s.indirizzo },
  { key: 'cap', header: 'CAP', className: 'codice', cell: (s) => s.cap },
  { key: 'citta', header: 'Città', cell: (s) => s.citta },
  { key: 'provincia', header: 'Provincia', cell: (s) => s.provincia },
];

function UtentiCliente({ cliente: c }: { cliente: ClienteDettaglio }) {
  const colonne: Column<UtenteCliente>[] = [
    ...colonneUtenti,
    // The role and, under it, the button naming a Titolare: one column, so the card's table fits beside the client's data.
    {
      key: 'ruolo', header: 'Ruolo',
      cell: (u) => (
        <div className="ruolo-cliente">
          <span className="nowrap">{ETICHETTE_RUOLO[u.ruolo]}{u.stato === 'attivo' ? '' : ` (${ETICHETTE_STATO_PERSONA[u.stato].toLowerCase()})`}</span>
          <NominaTitolare cliente={c} utente={u} />
        </div>
      ),
    },
  ];
  return (
    <Scheda titolo="Utenti" aDestra={<span className="badge">{c.utenti.length}</span>}>
      <DataTable label="Utenti del cliente" rows={c.utenti} columns={colonne} empty="Nessun utente disponibile." />
    </Scheda>
  );
}

/**
 * Names a linked user the client's Titolare (utenti/collegamento, docs/regole/organizzazione.md): the
 * other Titolari stay (a Titolare is demoted from the user's page, where the last one is kept).
 */
function NominaTitolare({ cliente: c, utente: u }: { cliente: ClienteDettaglio; utente: UtenteCliente }) {
  const cambia = useCambiaCollegamento();
  const confermaEFai = useConfirmAction();
  if (u.ruolo === 'titolare') return null;
  const nome = `${u.nome} ${u.cognome}`.trim() || u.username;
  return (
    <button
      type="button"
      className="btn btn-sm"
      disabled={cambia.isPending}
      aria-label={`Nomina ${nome} titolare`}
      onClick={() => void confermaEFai({
        question: `Nominare ${nome} titolare di ${c.ragione_sociale}? Potrà gestire le persone, i loro limiti e le approvazioni.`,
        confirm: { title: 'Nomina titolare', confirmLabel: 'Nomina titolare' },
        run: () => cambia.mutateAsync({ utente_id: u.id, cliente_id: c.id, ruolo: 'titolare' }),
        success: MSG_UTENTI.collegamentoAggiornato,
        failure: 'Titolare non nominato.',
      })}
    >
      Nomina titolare
    </button>
  );
}

function AziendeSedi({ cliente: c }: { cliente: ClienteDettaglio }) {
  return (
    <Scheda titolo="Azienda e sedi" className="cliente-section">
      {c.aziende.length === 0 && <p className="card-body muted cliente-vuoto">Nessuna azienda collegata.</p>}
      {c.aziende.map((a) => (
        <div key={a.id} className="cliente-azienda">
          <h3>
            {a.ragione_sociale} <span className="muted codice">({a.codice})</span>
          </h3>
          <DataTable label={`Sedi di ${a.ragione_sociale}`} rows={a.sedi} columns={colonneSedi} empty="Nessuna sede registrata." />
        </div>
      ))}
    </Scheda>
  );
}
