import type { accessoApi } from '../accesso.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/accesso.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const accessoRotte = rotteDi<typeof accessoApi>({
  loginCliente: { path: 'login/frontendfingerprint', methods: ['POST', 'GET'] },
  loginBackend: { path: 'login/backend', methods: ['POST', 'GET'] },
  logout: { path: 'logout', methods: ['POST'] },
  logoutBackend: { path: 'logout/backend', methods: ['POST'] },
  sessione: { path: 'sessione', methods: ['GET'] },
  sessioneBackend: { path: 'sessione/backend', methods: ['GET'] },
  manutenzione: { path: 'manutenzione/check', methods: ['GET'] },
  cambiaManutenzione: { path: 'manutenzione/change', methods: ['GET', 'POST'] },
  cancellaTentativi: { path: 'login_attempts/delete_all', methods: ['GET', 'POST'] },
});
