import { useQuery } from '@tanstack/react-query';
import type { UtenteLogin } from '../../shared/accesso.js';
import { nomeListino } from '../../shared/listini.js';
import { sessioneQuery } from '../accesso/api';
import { nomeUtente } from '../session/sessione';
import { type Column, DataTable } from '../components/DataTable';
import { QueryView } from '../components/QueryView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { NON_PRESENTE } from '../lib/formato';
import type { SessionData } from '../lib/storage';
import { useShopSession } from '../session/shopSession';
import { useToast } from '../components/Toast';
import { CambiaPasswordForm } from './components/CambiaPasswordForm';
import { Scheda } from '../components/Scheda';
import './account.css';

const TIPOLOGIE: Record<string, string> = { cliente: 'Cliente', user: 'Utente' };

type ClienteAssociato = UtenteLogin['clienti'][number];

const attuale = (c: ClienteAssociato, session: SessionData) =>
  c.azienda_codice === session.azienda_codice && c.cliente_codice === session.cliente_codice;

const colonneClienti = (session: SessionData): Column<ClienteAssociato>[] => [
  {
    key: 'cliente', header: 'Cliente',
    cell: (c) => <>{c.cliente_ragionesociale}{attuale(c, session) && <span className="badge account-current">Attuale</span>}</>,
  },
  { key: 'codice', header: 'Codice', className: 'codice', cell: (c) => c.cliente_codice },
  { key: 'azienda', header: 'Azienda', cell: (c) => <>{c.azienda_ragionesociale} <span className="codice muted">({c.azienda_codice})</span></> },
  { key: 'listino', header: 'Listino', cell: (c) => nomeListino(c.cliente_lis_maga) },
];

/** /mieidati 'I miei Dati': the user's own details, the password change and the associated clients. */
export function MieiDatiPage() {
  useDocumentTitle('I miei Dati');
  const { session, utente: stored } = useShopSession();
  // The server's copy (GET /api/sessione), already loaded by the shop frame.
  const query = useQuery({ ...sessioneQuery(), select: (d) => d.utente });
  const utente = query.data ?? stored ?? undefined;
  const toast = useToast();

  return (
    <>
      <div className="page-head">
        <h1>I miei Dati</h1>
      </div>
      {/* The stored user shows at once; without it, the server's answer is awaited. */}
      <QueryView query={{ ...query, data: utente, isPending: !utente && !query.isError }} loadingLabel="Caricamento dati…">
        {(utente) => (
          <div className="account-grid">
            <div className="account-col">
              <Scheda titolo="Dati utente">
                <dl className="account-kv card-body">
                  <dt>Nome</dt>
                  <dd>{utente.nome || NON_PRESENTE}</dd>
                  <dt>Cognome</dt>
                  <dd>{utente.cognome || NON_PRESENTE}</dd>
                  <dt>Nominativo</dt>
                  <dd>{nomeUtente(utente) || NON_PRESENTE}</dd>
                  <dt>Username / email</dt>
                  <dd>{utente.username || NON_PRESENTE}</dd>
                  <dt>Codice utente</dt>
                  <dd className="codice">{utente.utente_codice || session.utente_codice}</dd>
                  <dt>Tipo account</dt>
                  <dd>{utente.tipologia_account ? TIPOLOGIE[utente.tipologia_account] ?? utente.tipologia_account : NON_PRESENTE}</dd>
                </dl>
              </Scheda>

              <Scheda titolo="Cambia password">
                <div className="card-body">
                  <CambiaPasswordForm onChanged={(msg) => toast.success(msg)} />
                </div>
              </Scheda>
            </div>

            <Scheda titolo="Clienti associati" accanto={<span className="badge">{utente.clienti.length}</span>}>
              <DataTable
                label="Clienti associati"
                rows={utente.clienti}
                columns={colonneClienti(session)}
                rowKey={(c) => `${c.azienda_codice}/${c.cliente_codice}`}
                isCurrent={(c) => attuale(c, session)}
                empty="Nessun cliente assegnato."
              />
            </Scheda>
          </div>
        )}
      </QueryView>
    </>
  );
}
