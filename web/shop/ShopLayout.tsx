import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router-dom';
import type { UtenteLogin } from '../../shared/accesso.js';
import {
  equalSessionData, iniziali, nomeUtente, sameClient, sessionDataFor, useLogoutCliente, useSyncUtente,
} from '../accesso/session';
import { Logo } from '../components/Logo';
import { listinoOf, removeStored, setSessionData, STORAGE_KEYS, useSessionData, useStoredUtente } from '../lib/storage';
import { paths } from '../paths';
import { ShopSessionContext, type ShopSession } from './shopSession';

/**
 * The frame of every customer page: checks the server session (401 → login), requires
 * sessionData (else the login, or the dispatcher for users with several clients) and renders the
 * shop header above the page. Extend the header here (search, cart, menus, turnover line).
 */
export function ShopLayout() {
  const session = useSessionData();
  const utente = useStoredUtente();
  const sessione = useSyncUtente(!!session);
  useKeepSessionInLine(sessione.data?.utente);

  const value = useMemo<ShopSession | null>(
    () => (session ? { session, utente, listino: listinoOf(session) } : null),
    [session, utente],
  );

  if (!value) {
    const target = utente && utente.clienti.length > 1 ? paths.dispatcher.path : paths.login.path;
    return <Navigate to={target} replace />;
  }

  return (
    <ShopSessionContext.Provider value={value}>
      <div className="shop" aria-busy={sessione.isPending}>
        <ShopTopLine />
        <ShopHeader />
        <main className="shop-main" id="contenuto">
          <Outlet />
        </main>
      </div>
    </ShopSessionContext.Provider>
  );
}

/**
 * After the server answered, the session's client must still be one of the user's clients
 * (an admin may have unlinked it); names and price list are refreshed from the server's copy.
 */
function useKeepSessionInLine(server: UtenteLogin | undefined): void {
  const session = useSessionData();
  useEffect(() => {
    if (!server || !session) return;
    const fresh = server.clienti.map((c) => sessionDataFor(server, c)).find((c) => sameClient(c, session));
    if (!fresh) removeStored(STORAGE_KEYS.sessionData);
    else if (!equalSessionData(fresh, session)) setSessionData(fresh);
  }, [server, session]);
}

/** Top line: the client's company name and code; it sticks to the top once the page scrolls. */
function ShopTopLine() {
  const session = useSessionData();
  const utente = useStoredUtente();
  const scrolled = useScrolled();
  if (!session) return null;
  return (
    <div className={`shop-topline${scrolled ? ' is-scrolled' : ''}`}>
      <span>
        <strong>{session.cliente_ragionesociale}</strong> <span className="mono">({session.cliente_codice})</span>
      </span>
      <span>
        Azienda {session.azienda_ragionesociale} <span className="mono">({session.azienda_codice})</span>
        {utente && utente.clienti.length > 1 && (
          <>
            {' · '}
            <Link to={paths.dispatcher.path}>Cambia azienda</Link>
          </>
        )}
      </span>
    </div>
  );
}

function ShopHeader() {
  const utente = useStoredUtente();
  const logout = useLogoutCliente();
  const nome = nomeUtente(utente);
  return (
    <header className="shop-header">
      <Link to={paths.home.path} className="shop-header-logo" aria-label="Home">
        <Logo size={36} />
      </Link>
      {/* Search bar, main menu, price mode and cart go here. */}
      <div className="shop-header-slot" />
      <div className="shop-header-user">
        {nome && (
          <span className="user-chip">
            <span className="avatar" aria-hidden="true">{iniziali(nome)}</span>
            <span className="name">{nome}</span>
          </span>
        )}
        <button type="button" className="btn btn-sm" onClick={() => void logout()}>
          Esci
        </button>
      </div>
    </header>
  );
}

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}
