import { consente, type Permesso, type Ruolo } from '../../shared/organizzazione-costanti.js';
import { useSessionData, useStoredUtente } from '../lib/storage';

export interface PermessiCliente {
  ruolo: Ruolo;
  vedePrezzi: boolean;
  vedeDocumenti: boolean;
  /**
   * The words for the price the person is shown: their net price, or the list price when they may
   * not see net ones (the server then answers the list price in its place).
   */
  etichettaPrezzo: 'Prezzo netto' | 'Prezzo di listino';
  /** Whether the role and switches allow it (shared/organizzazione-costanti.ts); the server checks it again. */
  puo: (p: Permesso) => boolean;
}

/**
 * The session user's role and switches on the session's client (docs/regole/organizzazione.md), to
 * show only what they may use; the server refuses the rest whatever the screen shows. What was
 * stored before roles existed reads as a Titolare's until useSyncUtente brings the server's.
 */
export function usePermessi(): PermessiCliente {
  const utente = useStoredUtente();
  const sessione = useSessionData();
  const c = utente?.clienti.find((x) => x.azienda_codice === sessione?.azienda_codice && x.cliente_codice === sessione?.cliente_codice);
  const ruolo = c?.ruolo ?? 'titolare';
  const vedePrezzi = c?.vede_prezzi ?? true;
  const vedeDocumenti = c?.vede_documenti ?? true;
  // A sales agent acting for the client never manages its people or approvals (docs/regole/agenti.md).
  const agente = Boolean(utente?.agente);
  return {
    ruolo, vedePrezzi, vedeDocumenti, etichettaPrezzo: vedePrezzi ? 'Prezzo netto' : 'Prezzo di listino',
    puo: (p) => consente({ ruolo, vedeDocumenti, vedePrezzi, agente }, p),
  };
}
