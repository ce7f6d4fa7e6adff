import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { ClienteDettaglio } from '../../../shared/anagrafica.js';
import { nomeListino } from '../../../shared/listini.js';
import { ErrorState } from '../../components/ErrorState';
import { PageSpinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { erroreDefinitivo, errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { clienteQuery } from './api';
import { BudgetForm } from './BudgetForm';
import { StoricoModifiche } from '../storico/StoricoModifiche';
import './clienti.css';

/**
 * /admin/cliente/dettaglio/:id (SPEC §2 Admin area, 'Customers: detail page'): the client's data,
 * its company with the branches, its users, the monthly budgets and the 'Storico modifiche'.
 * An unknown id shows the server's message.
 */
export function ClienteDettaglioPage() {
  const { id = '' } = useParams();
  const query = useQuery(clienteQuery(id));
  const cliente = query.data?.cliente;
  useDocumentTitle(cliente ? `Cliente ${cliente.ragione_sociale}` : 'Cliente');

  const indietro = (
    <Link to={paths.adminClienti.path} className="btn">
      Torna ai clienti
    </Link>
  );

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // A 4xx says the id is wrong: trying again would not help.
    const answer = erroreDefinitivo(query.error);
    return (
      <>
        <div className="page-head">
          <h1>Cliente</h1>
          {indietro}
        </div>
        <section className="card">
          <ErrorState
            title={answer ? errorMessage(query.error) : undefined}
            error={answer ? undefined : query.error}
            onRetry={answer ? undefined : () => void query.refetch()}
          />
        </section>
      </>
    );
  }
  const c = query.data.cliente;
  return (
    <>
      <div className="page-head">
        <h1>{c.ragione_sociale}</h1>
        {indietro}
      </div>
      <p className="page-sub">
        Cliente <span className="mono">{c.codice}</span> · {c.azienda_ragione_sociale} <span className="mono">({c.azienda_codice})</span>
      </p>
      <div className="cliente-grid">
        <DatiCliente cliente={c} />
        <UtentiCliente cliente={c} />
      </div>
      <AziendeSedi cliente={c} />
      <section className="card cliente-section" aria-labelledby="cliente-budget">
        <div className="card-head">
          <h2 id="cliente-budget">Budget</h2>
        </div>
        <BudgetForm clienteId={c.id} />
      </section>
      <StoricoModifiche clienteId={c.id} />
    </>
  );
}

function DatiCliente({ cliente: c }: { cliente: ClienteDettaglio }) {
  return (
    <section className="card" aria-labelledby="cliente-dati">
      <div className="card-head">
        <h2 id="cliente-dati">Dati cliente</h2>
      </div>
      <dl className="kv card-body cliente-kv">
        <dt>Codice</dt>
        <dd className="mono">{c.codice}</dd>
        <dt>Ragione sociale</dt>
        <dd>{c.ragione_sociale}</dd>
        <dt>Email</dt>
        <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : <span className="muted">—</span>}</dd>
        <dt>Telefono</dt>
        <dd>{c.telefono ? <a href={`tel:${c.telefono.replace(/\s+/g, '')}`}>{c.telefono}</a> : <span className="muted">—</span>}</dd>
        <dt>Azienda</dt>
        <dd>
          {c.azienda_ragione_sociale} <span className="muted mono">({c.azienda_codice})</span>
        </dd>
        <dt>Listino</dt>
        <dd>{nomeListino(c.lis_maga)}</dd>
      </dl>
    </section>
  );
}

function UtentiCliente({ cliente: c }: { cliente: ClienteDettaglio }) {
  return (
    <section className="card" aria-labelledby="cliente-utenti">
      <div className="card-head">
        <h2 id="cliente-utenti">Utenti</h2>
        <span className="spacer" />
        <span className="badge">{c.utenti.length}</span>
      </div>
      {c.utenti.length === 0 ? (
        <p className="card-body muted cliente-vuoto">Nessun utente disponibile.</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Utenti del cliente</caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Nome</th>
                <th scope="col">Cognome</th>
                <th scope="col">Login</th>
              </tr>
            </thead>
            <tbody>
              {c.utenti.map((u) => (
                <tr key={u.id}>
                  <td className="cliente-username">
                    <Link to={paths.adminUtenteDettaglio.href(u.id)}>{u.username}</Link>
                  </td>
                  <td>{u.nome}</td>
                  <td>{u.cognome}</td>
                  <td className="nowrap">
                    <span className={`status-pill${u.status_login === 0 ? ' is-ok' : ''}`}>
                      {u.status_login === 0 ? 'Abilitato' : 'Disabilitato'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function AziendeSedi({ cliente: c }: { cliente: ClienteDettaglio }) {
  return (
    <section className="card cliente-section" aria-labelledby="cliente-sedi">
      <div className="card-head">
        <h2 id="cliente-sedi">Azienda e sedi</h2>
      </div>
      {c.aziende.length === 0 && <p className="card-body muted cliente-vuoto">Nessuna azienda collegata.</p>}
      {c.aziende.map((a) => (
        <div key={a.id} className="cliente-azienda">
          <h3>
            {a.ragione_sociale} <span className="muted mono">({a.codice})</span>
          </h3>
          {a.sedi.length === 0 ? (
            <p className="muted cliente-vuoto">Nessuna sede registrata.</p>
          ) : (
            <div className="table-scroll">
              <table className="table">
                <caption className="visually-hidden">Sedi di {a.ragione_sociale}</caption>
                <thead>
                  <tr>
                    <th scope="col">Sede</th>
                    <th scope="col">Indirizzo</th>
                    <th scope="col">CAP</th>
                    <th scope="col">Città</th>
                    <th scope="col">Provincia</th>
                  </tr>
                </thead>
                <tbody>
                  {a.sedi.map((s) => (
                    <tr key={s.id}>
                      <td className="strong">{s.descrizione}</td>
                      <td>{s.indirizzo}</td>
                      <td className="mono">{s.cap}</td>
                      <td>{s.citta}</td>
                      <td>{s.provincia}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
