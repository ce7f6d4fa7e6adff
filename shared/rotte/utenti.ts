import type { utentiApi } from '../utenti.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/utenti.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const utentiRotte = rotteDi<typeof utentiApi>({
  leggi: { path: 'utenti/read', methods: ['GET'] },
  salva: { path: 'utenti/create', methods: ['GET', 'POST'] },
  cambiaStatoLogin: { path: 'utenti/changeStatusLogin', methods: ['GET', 'POST'] },
  cancella: { path: 'utenti/delete', methods: ['GET', 'POST'] },
  mandaCredenziali: { path: 'utenti/mandacredenziali', methods: ['GET', 'POST'] },
  cambiaFatturatoMetrica: { path: 'utente/toggle_fatturato_metrica', methods: ['GET', 'POST'] },
  cambiaPassword: { path: 'password/cambia', methods: ['POST'] },
});
