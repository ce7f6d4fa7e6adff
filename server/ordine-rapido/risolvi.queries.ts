import type { Db, Sql } from '../db/client.js';
import { joinPrezzi, prezzoCliente, scontiCliente, type PrezziCliente } from '../catalogo/prezzi.js';

/** A product one of the asked codes names, and how. */
export interface Corrispondenza {
  codice_n: string;
  /** The kind of code matched: prodotti_codici.tipo, or 'cliente' for the client's own code. */
  tipo: string;
  codice_prodotto: string;
  titolo: string;
  um: string;
  prezzo_reale: string;
  sconti: string;
  multiplo: number;
  minimo: number;
  disponibilita: number;
  ord_forn: number;
}

/**
 * What a customer may reach by a code: the one rule of search and the price list
 * (prodotto_visibile.sql), the categories switched off read once per statement (an init plan).
 */
const visibile = (sql: Sql) => sql`prodotto_visibile(p.status, p.deleted_at, p.categoria_id, (SELECT categorie_nascoste()))`;

/**
 * Every visible product that any of the codes (normalised, distinct) names, in one statement: our
 * product code, article, supplier and EAN codes (prodotti_codici, by codice_n) and the client's own
 * codes (codici_cliente, by client and codice_n), with the client's price (prezzoCliente: net, or list
 * for a person who may not see net prices) and the stock.
 */
export function corrispondenze(db: Db, ctx: PrezziCliente, codici: string[]) {
  return db.$client<Corrispondenza[]>`
    WITH m AS (
      SELECT pc.codice_n, pc.tipo, pc.prodotto_id FROM prodotti_codici pc WHERE pc.codice_n = ANY(${codici}::text[])
      UNION
      SELECT cc.codice_n, 'cliente', cc.prodotto_id FROM codici_cliente cc
      WHERE cc.cliente_id = ${ctx.clienteId} AND cc.codice_n = ANY(${codici}::text[]))
    SELECT m.codice_n, m.tipo, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo, p.um,
      ${prezzoCliente(db.$client, ctx)}::text AS prezzo_reale, ${scontiCliente(db.$client, ctx)} AS sconti, p.multiplo, p.minimo, g.disponibilita, g.ord_forn
    FROM m
    JOIN prodotti p ON p.id = m.prodotto_id AND ${visibile(db.$client)}
    JOIN giacenze g ON g.prodotto_id = p.id
    ${joinPrezzi(db.$client, ctx)}`;
}

/** The ids of the visible products with these product codes, in the codes' order (unknown ones left out). */
export async function idsPerCodice(db: Db, codici: string[]): Promise<number[]> {
  const righe = await db.$client<{ id: number }[]>`
    SELECT p.id FROM unnest(${codici}::text[]) WITH ORDINALITY AS k(codice, ord)
    JOIN prodotti p ON p.codice_prodotto = k.codice AND ${visibile(db.$client)}
    ORDER BY k.ord`;
  return righe.map((r) => r.id);
}
