import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Collegamento } from '../components/Collegamento';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { conteggioQuery } from './api';

/**
 * The header's 'Approvazioni' link with how many orders wait for the user's decision, only for an
 * approver (Titolare, Acquisti: docs/regole/organizzazione.md). The count is read when a page loads
 * and when the window regains focus, never on a timer.
 */
export function ApprovazioniHeader() {
  const approva = usePermessi().puo('approvare');
  return approva ? <Contatore /> : null;
}

function Contatore() {
  const { session } = useShopSession();
  const { pathname } = useLocation();
  const { data, refetch } = useQuery(conteggioQuery(session));
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const n = data?.totale ?? 0;
  const label = n === 0 ? 'Approvazioni: nessun ordine da approvare' : `Approvazioni: ${n} ${n === 1 ? 'ordine' : 'ordini'} da approvare`;
  return (
    <Collegamento to={paths.approvazioni.path} className="btn header-btn header-approvazioni" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="header-btn-text">Approvazioni</span>
      {n > 0 && <span className="cart-count approvazioni-count" aria-hidden="true">{n > 99 ? '99+' : n}</span>}
    </Collegamento>
  );
}
