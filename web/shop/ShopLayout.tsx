import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSyncUtente } from '../session/sessione';
import type { Prodotto } from '../../shared/catalogo.js';
import { SpeedCheckout } from '../checkout/components/SpeedCheckout';
import { AvvisoPrezzi } from '../components/AvvisoPrezzi';
import { ProductActionsContext } from '../components/productActions';
import { ListeDialogButton } from '../liste/components/ListeDialogButton';
import { FatturatoMensile } from '../ordini/components/FatturatoMensile';
import { listinoEffettivo } from '../../shared/listini.js';
import { useSessionData, useStoredUtente } from '../lib/storage';
import { paths } from '../paths';
import { CategorySidebar } from './layout/CategorySidebar';
import { MainMenu } from './layout/MainMenu';
import { ShopFooter } from './layout/ShopFooter';
import { ShopHeader } from './layout/ShopHeader';
import { ShopTopLine } from './layout/ShopTopLine';
import { useKeepSessionInLine } from './layout/useKeepSessionInLine';
import './layout/shopHeader.css';
import './layout/shopMenu.css';
import './layout/shopBody.css';
import './layout/shopNarrow.css';
import './layout/telefono.css';
import './layout/tocco.css';
import { ShopSessionContext, type ShopSession } from '../session/shopSession';

/** Every product card in the shop gets the 'Liste' dialog button. */
const listeButton = (p: Prodotto) => <ListeDialogButton prodotto={p} />;

const MENU_ID = 'menu-principale';

/**
 * The frame of every customer page: checks the server session (401 → login), requires
 * sessionData (else the login, or the dispatcher for users with several clients) and renders
 * top line, header (with the 'Fatturato mensile' line), main menu, 'Categorie' sidebar, the page,
 * the footer and the Speed Checkout side panel.
 */
export function ShopLayout() {
  const session = useSessionData();
  const utente = useStoredUtente();
  // On a phone the main menu folds behind the header's 'Menu' button; following a link folds it again.
  const [menuAperto, setMenuAperto] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuAperto(false), [pathname]);

  const value = useMemo<ShopSession | null>(
    () => (session ? { session, utente, listino: listinoEffettivo(session.cliente_lis_maga) } : null),
    [session, utente],
  );

  // An agent's session no longer acting for a client (left, or the client taken out of the portfolio): the portfolio.
  if (utente?.agente && !utente.agente.in_cliente) return <Navigate to={paths.agente.path} replace />;
  if (!value) {
    const target = utente && utente.clienti.length > 1 ? paths.dispatcher.path : paths.login.path;
    return <Navigate to={target} replace />;
  }

  return (
    <ShopSessionContext.Provider value={value}>
      <SessioneAllineata />
      <div className="shop">
        <a className="skip-link" href="#contenuto">
          Vai al contenuto
        </a>
        <ShopTopLine />
        <ShopHeader fatturato={<FatturatoMensile />} menu={{ aperto: menuAperto, cambia: () => setMenuAperto((a) => !a), id: MENU_ID }} />
        <MainMenu id={MENU_ID} aperto={menuAperto} />
        <div className="shop-body">
          <CategorySidebar />
          <main className="shop-main" id="contenuto" tabIndex={-1}>
            <AvvisoPrezzi />
            <ProductActionsContext.Provider value={listeButton}>
              <Outlet />
            </ProductActionsContext.Provider>
          </main>
        </div>
        <ShopFooter />
        <SpeedCheckout />
      </div>
    </ShopSessionContext.Provider>
  );
}

/**
 * Checks the server session (401 → login) and keeps the stored user and client in line with its
 * answer. A component of its own: its answer redraws only this, not the whole frame and page.
 */
function SessioneAllineata() {
  const sessione = useSyncUtente();
  useKeepSessionInLine(sessione.data?.utente);
  return null;
}
