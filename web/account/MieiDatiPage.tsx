import { useQuery } from '@tanstack/react-query';
import { nomeListino } from '../../shared/listini.js';
import { sessioneQuery } from '../accesso/api';
import { nomeUtente } from '../session/sessione';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { NON_PRESENTE } from '../lib/formato';
import { useShopSession } from '../session/shopSession';
import { useToast } from '../components/Toast';
import { CambiaPasswordForm } from './components/CambiaPasswordForm';
import './account.css';

const TIPOLOGIE: Record<string, string> = { cliente: 'Cliente', user: 'Utente' };

/** /mieidati 'I miei Dati' (SPEC §2): the user's own details, the password change and the associated clients. */
export function MieiDatiPage() {
  useDocumentTitle('I miei Dati');
  const { session, utente: stored } = useShopSession();
  // The server's copy (GET /api/sessione), already loaded by the shop frame.
  const query = useQuery(sessioneQuery());
  const utente = query.data?.utente ?? stored;
  const toast = useToast();

  return (
    <>
      <div className="page-head">
        <h1>I miei Dati</h1>
      </div>
      {!utente ? (
        query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Spinner label="Caricamento dati…" showLabel block />
        )
      ) : (
        <div className="account-grid">
          <div className="account-col">
            <section className="card" aria-labelledby="dati-utente">
              <div className="card-head">
                <h2 id="dati-utente">Dati utente</h2>
              </div>
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
                <dd className="mono">{utente.utente_codice || session.utente_codice}</dd>
                <dt>Tipo account</dt>
                <dd>{utente.tipologia_account ? TIPOLOGIE[utente.tipologia_account] ?? utente.tipologia_account : NON_PRESENTE}</dd>
              </dl>
            </section>

            <section className="card" aria-labelledby="cambia-password">
              <div className="card-head">
                <h2 id="cambia-password">Cambia password</h2>
              </div>
              <div className="card-body">
                <CambiaPasswordForm onChanged={(msg) => toast.success(msg)} />
              </div>
            </section>
          </div>

          <section className="card" aria-labelledby="clienti-associati">
            <div className="card-head">
              <h2 id="clienti-associati">Clienti associati</h2>
              <span className="badge">{utente.clienti.length}</span>
            </div>
            {utente.clienti.length === 0 ? (
              <EmptyState title="Nessun cliente assegnato." />
            ) : (
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">Cliente</th>
                      <th scope="col">Codice</th>
                      <th scope="col">Azienda</th>
                      <th scope="col">Listino</th>
                    </tr>
                  </thead>
                  <tbody>
                    {utente.clienti.map((c) => {
                      const attuale = c.azienda_codice === session.azienda_codice && c.cliente_codice === session.cliente_codice;
                      return (
                        <tr key={`${c.azienda_codice}/${c.cliente_codice}`} aria-current={attuale ? 'true' : undefined}>
                          <td>
                            {c.cliente_ragionesociale}
                            {attuale && <span className="badge account-current">Attuale</span>}
                          </td>
                          <td className="mono">{c.cliente_codice}</td>
                          <td>
                            {c.azienda_ragionesociale} <span className="mono muted">({c.azienda_codice})</span>
                          </td>
                          <td>{nomeListino(c.cliente_lis_maga)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      )}
    </>
  );
}
