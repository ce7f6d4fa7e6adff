import { useId } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { ClienteCollegato } from '../../shared/accesso.js';
import { EmptyState } from '../components/EmptyState';
import { Logo } from '../components/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useSessionData, useStoredUtente } from '../lib/storage';
import { paths } from '../paths';
import { nomeUtente, sameClient, sessionDataFor, startClientSession, useLogoutCliente, useSyncUtente } from '../session/sessione';
import { UserChip } from '../components/UserChip';

/** "Utente con piu' Aziende collegate": one card per company/client pair (docs/regole/accesso.md#dispatcher). */
export function DispatcherPage() {
  useDocumentTitle('Scelta azienda');
  const utente = useStoredUtente();
  const current = useSessionData();
  const navigate = useNavigate();
  const logout = useLogoutCliente();
  useSyncUtente(!!utente);

  if (!utente) return <Navigate to={paths.login.path} replace />;
  const nome = nomeUtente(utente);

  const entra = async (cliente: ClienteCollegato) => {
    startClientSession(utente, cliente);
    await navigate(paths.home2.path);
  };

  return (
    <>
      <header className="shop-header">
        <Logo size={36} />
        <div className="shop-header-user">
          <UserChip nome={nome} />
          <button type="button" className="btn btn-sm" onClick={() => void logout()}>
            Esci
          </button>
        </div>
      </header>
      <main className="dispatcher">
        <div className="dispatcher-head">
          <h1>Utente con piu' Aziende collegate</h1>
        </div>
        {utente.clienti.length === 0 ? (
          <EmptyState title="Non sono presenti clienti associati all'account" />
        ) : (
          <ul className="dispatcher-grid">
            {utente.clienti.map((cliente) => (
              <DispatcherCard
                key={`${cliente.azienda_codice}/${cliente.cliente_codice}`}
                cliente={cliente}
                attivo={!!current && sameClient(current, sessionDataFor(utente, cliente))}
                onEntra={() => void entra(cliente)}
              />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

function DispatcherCard({ cliente, attivo, onEntra }: { cliente: ClienteCollegato; attivo: boolean; onEntra: () => void }) {
  const titleId = useId();
  return (
    <li>
      <article className="card dispatcher-card" aria-labelledby={titleId}>
        <h2 id={titleId}>{cliente.azienda_ragionesociale}</h2>
        <dl className="kv">
          <dt>Codice azienda</dt>
          <dd className="codice">{cliente.azienda_codice}</dd>
          <dt>Cliente</dt>
          <dd>{cliente.cliente_ragionesociale}</dd>
          <dt>Codice cliente</dt>
          <dd className="codice">{cliente.cliente_codice}</dd>
        </dl>
        {attivo && <span className="badge">Azienda attuale</span>}
        <button type="button" className="btn btn-primary" onClick={onEntra} aria-describedby={titleId}>
          Entra
        </button>
      </article>
    </li>
  );
}
