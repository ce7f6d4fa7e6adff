import { createContext, useContext } from 'react';
import type { UtenteLogin } from '../../shared/accesso.js';
import type { SessionData } from '../lib/storage';

export interface ShopSession {
  /** The client the customer works for (local storage sessionData). */
  session: SessionData;
  /** The logged-in customer user (local storage utente, refreshed from GET /api/sessione). */
  utente: UtenteLogin | null;
  /** Price list number of the client (listinoEffettivo of cliente_lis_maga). */
  listino: number;
}

export const ShopSessionContext = createContext<ShopSession | null>(null);

/** The session of a shop page; only valid under <ShopLayout>, which guarantees sessionData. */
export function useShopSession(): ShopSession {
  const ctx = useContext(ShopSessionContext);
  if (!ctx) throw new Error('useShopSession must be used inside <ShopLayout>');
  return ctx;
}
