import { consente } from '../../shared/organizzazione-costanti.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import type { Sql } from '../db/client.js';

/**
 * Which of a client's orders a person sees, and at which prices (docs/regole/organizzazione.md#what-each-role-sees):
 * every order of the client for a Titolare or Acquisti, their own for an Operatore or a
 * Consultazione; list prices for a person who may not see net ones. Every order call reads through it.
 */
export interface VistaOrdini {
  clienteId: number;
  /** Only this user's orders; null: every order of the client. */
  utenteId: number | null;
  /** false: lines at list price, no chain, totals at list price (ordini_letti's p_netti). */
  netti: boolean;
}

export const vistaOrdini = (utente: { id: number }, cliente: ClienteSessione): VistaOrdini => ({
  clienteId: cliente.id,
  utenteId: consente(cliente, 'tutti_gli_ordini') ? null : utente.id,
  netti: cliente.vedePrezzi,
});

/**
 * The orders `o` the person sees: by ordini_utente_cliente_idx (and its partial ones per state) for
 * their own, by ordini_cliente_created_idx for the client's.
 */
export const ordiniVisibili = (sql: Sql, v: VistaOrdini) => v.utenteId === null
  ? sql`o.cliente_id = ${v.clienteId}`
  : sql`o.utente_id = ${v.utenteId} AND o.cliente_id = ${v.clienteId}`;
