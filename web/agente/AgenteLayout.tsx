import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { UserChip } from '../components/UserChip';
import { useStoredUtente } from '../lib/storage';
import { StatoOfflineAgente } from '../offline/StatoOfflineAgente';
import { paths } from '../paths';
import { nomeUtente, useLogoutCliente, useSyncUtente } from '../session/sessione';
import './agente.css';

/**
 * The frame of an agent's own pages (docs/regole/agenti.md#portfolio): the agent's name and code,
 * 'Esci'. Anyone else goes to the login; an agent acting for a client sees the portfolio all the same.
 */
export function AgenteLayout({ children }: { children: ReactNode }) {
  const utente = useStoredUtente();
  const logout = useLogoutCliente();
  useSyncUtente(!!utente);
  if (!utente?.agente) return <Navigate to={paths.login.path} replace />;
  return (
    <>
      <header className="shop-header agenti-header">
        <Logo size={36} />
        <StatoOfflineAgente />
        <div className="shop-header-user">
          <UserChip nome={nomeUtente(utente)} />
          <span className="agenti-codice muted">Agente {utente.agente.agente_codice}</span>
          <button type="button" className="btn btn-sm" onClick={() => void logout()}>
            Esci
          </button>
        </div>
      </header>
      <main className="agenti-pagina" id="contenuto" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
