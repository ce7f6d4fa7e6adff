import type { UtenteAdmin } from '../../../shared/utenti.js';

/** How a user is named on screen: its nominativo, else 'nome cognome', else its username. */
export function nominativo(u: Pick<UtenteAdmin, 'nominativo' | 'nome' | 'cognome' | 'username'>): string {
  return u.nominativo.trim() || `${u.nome} ${u.cognome}`.trim() || u.username;
}
