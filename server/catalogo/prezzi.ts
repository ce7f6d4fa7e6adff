import { listinoEffettivo } from '../../shared/listini.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import type { Sql } from '../db/client.js';

/** What the SQL needs to price products for one client (docs/regole/catalogo.md#net-price). */
export interface PrezziCliente {
  clienteId: number;
  /** Price list number, 1 when the client has 0 or none. */
  listino: number;
  /** Discount percentage as a numeric string. */
  sconto: string;
  /**
   * Net prices and discounts shown: off for a person whose switch hides them
   * (docs/regole/organizzazione.md), whose every answer then carries the list price as the net
   * one and no chain. An order is still priced net, by crea_ordine.
   */
  netti: boolean;
}

export const prezziDi = (c: ClienteSessione): PrezziCliente => ({
  clienteId: c.id,
  listino: listinoEffettivo(c.lisMaga),
  sconto: c.sconto,
  netti: c.vedePrezzi,
});

/**
 * The client's prices of the product `p` (docs/regole/catalogo.md#net-price), as every answer that
 * shows them computes them: these joins (lp: the client's list price; ps: its special price; sp,
 * sf: its discount chains for the product and for the product's family) with `colonnePrezzi`.
 * One expression, so that a page, a product and the customer's price list export never differ.
 */
export const joinPrezzi = (sql: Sql, ctx: PrezziCliente) => sql`
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = ${ctx.listino}
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = ${ctx.clienteId}
    LEFT JOIN sconti_clienti sp ON sp.cliente_id = ${ctx.clienteId} AND sp.prodotto_id = p.id
    LEFT JOIN sconti_clienti sf ON sf.cliente_id = ${ctx.clienteId} AND sf.famiglia_sconto = p.famiglia_sconto`;

/**
 * The client's price of the product the joins of `joinPrezzi` name, as numeric: the net price
 * (server/catalogo/sql/prezzo_netto.sql), or for a person who may not see net prices the list price
 * (docs/regole/organizzazione.md#prices). The one rule of every answer that prices a product: the
 * catalogue's columns below, the quick order, the reorder preview.
 */
export const prezzoCliente = (sql: Sql, ctx: PrezziCliente) => ctx.netti
  ? sql`prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), ${ctx.sconto}::numeric)`
  : sql`round(coalesce(lp.prezzo, 0), 3)`;

/** The discount chain applied to the product, as text: '' for a person who may not see it. */
export const scontiCliente = (sql: Sql, ctx: PrezziCliente) => ctx.netti
  ? sql`sconti_applicati(ps.prezzo, coalesce(sp.sconti, sf.sconti), ${ctx.sconto}::numeric)`
  : sql`''::text`;

/** List price, the client's price (`prezzoCliente`) and the chain applied, as numeric text and text. */
export const colonnePrezzi = (sql: Sql, ctx: PrezziCliente) =>
  sql`lp.prezzo, ${prezzoCliente(sql, ctx)} AS prezzo_reale, ${scontiCliente(sql, ctx)} AS sconti`;
