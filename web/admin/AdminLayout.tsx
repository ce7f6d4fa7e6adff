import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Collegamento, portaQui } from '../components/Collegamento';
import { TIPOLOGIA_TECNICO, type AdminInfo } from '../../shared/accesso.js';
import { sessioneBackendQuery } from '../accesso/api';
import { useLogoutBackend } from '../session/sessione';
import { UserChip } from '../components/UserChip';
import { ErrorState } from '../components/ErrorState';
import { Logo } from '../components/Logo';
import { PageSpinner } from '../components/Spinner';
import { ApiError } from '../lib/api';
import { removeStored, setAdminUser, STORAGE_KEYS, useStoredAdminUser } from '../lib/storage';
import { paths } from '../paths';
import { AdminSessionContext } from './adminSession';
import './adminLayout.css';

interface MenuItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Only for the provider's technical staff (tipologia 'tecnico'). */
  tecnico?: boolean;
  /** Other paths of the same section (a detail page whose path does not start with `to`). */
  anche?: string[];
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);

export const ADMIN_MENU: MenuItem[] = [
  { label: 'Aziende', to: paths.adminAziende.path, icon: icon('M3 21h18M5 21V7l7-4 7 4v14M9 21v-4h6v4M9 10h.01M15 10h.01M9 14h.01M15 14h.01') },
  { label: 'Utenti', to: paths.adminUtenti.path, icon: icon('M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75') },
  // Sales agents (issue 38): their data, login and portfolio, for every admin.
  { label: 'Agenti', to: paths.adminAgenti.path, anche: [paths.adminAgenteDettaglio.path], icon: icon('M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M16 3l2 2 4-4') },
  { label: 'Clienti', to: paths.adminClienti.path, anche: ['/admin/cliente/'], icon: icon('M20 7H4a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h16a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1zM16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2') },
  { label: 'Categorie', to: paths.adminCategorie.path, icon: icon('M3 6h18M3 12h12M3 18h6') },
  { label: 'Prodotti', to: paths.adminProdotti.path, anche: [paths.adminProdottiCustom.path], icon: icon('M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8') },
  // Not in the wholesaler's menu, but their screens would be unreachable without them (docs/decisions/admin-menu-entries.md).
  { label: 'Multimedia', to: paths.adminMultimedia.path, icon: icon('M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M12 18v-6M9 15l3 3 3-3') },
  { label: 'Banner', to: paths.adminBanner.path, icon: icon('M4 4h16v16H4zM14 4v16M17 8h.01M9 15l2-3 2 3') },
  // Quotes (issue 37): the staff's queue, for every admin.
  { label: 'Preventivi', to: paths.adminPreventivi.path, icon: icon('M6 3h9l5 5v13H6zM14 3v6h6M9 13h8M9 17h5') },
  { label: 'Ordini ERP', to: paths.adminOrdiniErp.path, icon: icon('M4 4h16v16H4zM4 9h16M9 20V9M14 14h3M14 17h3') },
  { label: 'Resi', to: paths.adminResi.path, anche: [paths.adminResoDettaglio.path], icon: icon('M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3') },
  { label: 'Impostazioni', to: paths.adminImpostazioni.path, tecnico: true, icon: icon('M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-2.82 1.17V21a2 2 0 1 1-4 0v-.09a1.65 1.65 0 0 0-2.82-1.17l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 3.26 15H3a2 2 0 1 1 0-4h.09a1.65 1.65 0 0 0 1.17-2.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9.91 4.2V4a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 2.82 1.17l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 20.74 11H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z') },
  { label: 'Statistiche', to: paths.adminStatistiche.path, tecnico: true, icon: icon('M3 3v18h18M7 15l4-4 3 3 5-6') },
  { label: 'Dispositivi', to: paths.adminUserDevices.path, tecnico: true, icon: icon('M5 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8 20h8M12 16v4') },
  { label: 'Importazioni', to: paths.adminImportazioni.path, tecnico: true, icon: icon('M12 3v12M7 10l5 5 5-5M4 17v3h16v-3') },
];

/**
 * The frame of every admin page: header (logo, 'Pannello Amministrazione', 'Esci') and side menu.
 * Checks the admin session with GET /api/sessione/backend (401, or 403 for a customer session → /admin) and refreshes the
 * stored `user` from it; the server's tipologia decides the technical menu entries.
 */
export function AdminLayout() {
  const stored = useStoredAdminUser();
  // Without a stored admin there is nothing to check: straight back to the backend login.
  const sessione = useQuery({ ...sessioneBackendQuery(), enabled: !!stored?.utente });
  const server = sessione.data?.utente;

  useEffect(() => {
    if (!server) return;
    const cur = stored?.utente;
    const same = cur && cur.id === server.id && cur.username === server.username && cur.nome === server.nome &&
      cur.cognome === server.cognome && cur.tipologia === server.tipologia;
    if (!same) setAdminUser({ status: 0, msg: stored?.msg ?? '', utente: server });
  }, [server, stored]);

  // 403: the browser holds a customer session, not an admin one: same as no session at all.
  const soloCliente = sessione.error instanceof ApiError && sessione.error.status === 403;
  useEffect(() => {
    if (soloCliente) removeStored(STORAGE_KEYS.user);
  }, [soloCliente]);

  const admin: AdminInfo | undefined = server ?? stored?.utente;
  const menu = useMenuPieghevole();
  if (soloCliente || (!stored?.utente && !server)) return <Navigate to={paths.adminLogin.path} replace />;

  let content: ReactNode;
  if (admin) content = <Outlet />;
  else if (sessione.isError) content = <ErrorState error={sessione.error} onRetry={() => void sessione.refetch()} />;
  else content = <PageSpinner />;

  return (
    <AdminSessionContext.Provider value={admin ?? null}>
      <div className="admin">
        <AdminHeader admin={admin} menu={menu} />
        <AdminMenu tecnico={admin?.tipologia === TIPOLOGIA_TECNICO} menu={menu} />
        <main className="admin-main" id="contenuto">
          {content}
        </main>
      </div>
    </AdminSessionContext.Provider>
  );
}

type MenuPieghevole = ReturnType<typeof useMenuPieghevole>;

/**
 * The side menu below 1024 px: folded behind the header's 'Menu' button, which opens it over the
 * page with the focus on its first entry; Escape, a click beside it or an entry taken closes it,
 * the focus back on the button after Escape.
 */
function useMenuPieghevole() {
  const [aperto, setAperto] = useState(false);
  const id = useId();
  const bottone = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setAperto(false), [pathname]);
  useEffect(() => {
    if (!aperto) return;
    nav.current?.querySelector('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setAperto(false);
      bottone.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [aperto]);
  return { aperto, setAperto, id, bottone, nav };
}

function AdminHeader({ admin, menu }: { admin: AdminInfo | undefined; menu: MenuPieghevole }) {
  const logout = useLogoutBackend();
  const nome = admin ? `${admin.nome} ${admin.cognome}`.trim() || admin.username : '';
  return (
    <header className="admin-header">
      <button
        ref={menu.bottone}
        type="button"
        className="btn btn-sm admin-menu-btn"
        aria-expanded={menu.aperto}
        aria-controls={menu.id}
        onClick={() => menu.setAperto((a) => !a)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        Menu
      </button>
      <Collegamento to={paths.adminHome.path} aria-label="Home amministrazione" style={{ display: 'inline-flex' }}>
        <Logo size={32} inverted />
      </Collegamento>
      <p className="admin-header-titolo">Pannello Amministrazione</p>
      <span className="spacer" />
      {nome && (
        <UserChip nome={nome} />
      )}
      <button type="button" className="btn btn-sm" onClick={() => void logout()}>
        Esci
      </button>
    </header>
  );
}

function AdminMenu({ tecnico, menu }: { tecnico: boolean; menu: MenuPieghevole }) {
  const items = ADMIN_MENU.filter((item) => !item.tecnico || tecnico);
  const { pathname } = useLocation();
  return (
    <>
      {menu.aperto && <div className="admin-side-velo" aria-hidden="true" onClick={() => menu.setAperto(false)} />}
      <nav ref={menu.nav} id={menu.id} className={`admin-side${menu.aperto ? ' is-open' : ''}`} aria-label="Menu amministrazione">
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <VoceAdmin item={item} attiva={portaQui(pathname, item.to) || !!item.anche?.some((p) => pathname.startsWith(p))} />
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

function VoceAdmin({ item, attiva }: { item: MenuItem; attiva: boolean }) {
  return (
    <Collegamento to={item.to} className={attiva ? 'active' : undefined} aria-current={attiva ? 'page' : undefined}>
      {item.icon}
      {item.label}
    </Collegamento>
  );
}
