import { createContext, useContext } from 'react';
import type { AdminInfo } from '../../shared/accesso.js';

export const AdminSessionContext = createContext<AdminInfo | null>(null);

/** The logged-in admin of an admin page: {id, username, nome, cognome, tipologia}. */
export function useAdminUser(): AdminInfo {
  const ctx = useContext(AdminSessionContext);
  if (!ctx) throw new Error('useAdminUser must be used inside <AdminLayout>');
  return ctx;
}
